export { LibraryGuard } from './LibraryGuard';
export { NoLibrarySelected } from './NoLibrarySelected';
export { LibraryExpired } from './LibraryExpired';
export { useLibraryStatus, type LibraryStatus } from './useLibraryStatus';
