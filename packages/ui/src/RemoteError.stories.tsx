import { RemoteError } from './RemoteError';
import { withPortalProviders } from './storyDecorator';

export default { title: 'ui/RemoteError', component: RemoteError, decorators: [withPortalProviders] };

export const RemoteFailedToLoad = { args: { name: 'mf-statistics', onRetry: () => undefined } };
export const GenericFailure = { args: { onRetry: () => undefined } };
