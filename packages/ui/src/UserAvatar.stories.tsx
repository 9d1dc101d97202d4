import { BRANDS } from './brands/brands';
import { withPortalProviders } from './storyDecorator';
import { UserAvatar } from './UserAvatar';

export default { title: 'ui/UserAvatar', component: UserAvatar, decorators: [withPortalProviders] };

export const WithImage = { args: { fullName: 'Ana García López', src: BRANDS.LIBTECS.logo, size: 48 } };
export const BrokenImageShowsInitials = { args: { fullName: 'Ana García López', src: '/missing.png', size: 48 } };
export const NoImage = { args: { fullName: 'María José', size: 48 } };
