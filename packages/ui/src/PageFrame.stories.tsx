import { Button } from 'antd';
import { PageFrame } from './PageFrame';
import { withPortalProviders } from './storyDecorator';

export default { title: 'ui/PageFrame', component: PageFrame, decorators: [withPortalProviders] };

export const WithActions = {
  args: { title: 'Libraries', extra: <Button type="primary">Add</Button>, children: <p>Page content</p> },
};
