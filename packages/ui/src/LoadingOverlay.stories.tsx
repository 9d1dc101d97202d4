import type { ComponentType } from 'react';
import { LoadingOverlay } from './LoadingOverlay';
import { withPortalProviders } from './storyDecorator';

const inBox = (Story: ComponentType) => (
  <div style={{ position: 'relative', height: 200, border: '1px dashed #ccc' }}>
    <Story />
  </div>
);

export default { title: 'ui/LoadingOverlay', component: LoadingOverlay, decorators: [inBox, withPortalProviders] };

/** Appears after 300 ms. */
export const Loading = { args: { loading: true } };
export const Idle = { args: { loading: false } };
