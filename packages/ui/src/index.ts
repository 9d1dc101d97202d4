export { PortalProviders, type PortalProvidersProps } from './PortalProviders';
export {
  createRemoteLifecycles, resolveDomElement, PORTAL_CONTENT_ID, type RemoteLifecycles, type RemoteProps,
} from './createRemoteLifecycles';
export { ErrorBoundary, type ErrorBoundaryProps } from './ErrorBoundary';
export { RemoteError, type RemoteErrorProps } from './RemoteError';
export { PageFrame, type PageFrameProps } from './PageFrame';
export { ManifestRoutes, PlaceholderPage, type ManifestRoutesProps, type PageProps } from './ManifestRoutes';
export { LoadingOverlay, LOADING_OVERLAY_DELAY_MS, type LoadingOverlayProps } from './LoadingOverlay';
export { UserAvatar, type UserAvatarProps } from './UserAvatar';
export { useAvatarImage } from './useAvatarImage';
export { LibraryGuard, type LibraryGuardProps } from './libraryGuard/LibraryGuard';
export { NoLibrarySelected, type NoLibrarySelectedProps } from './libraryGuard/NoLibrarySelected';
export { GettingStarted } from './libraryGuard/GettingStarted';
export { LibraryExpired, type LibraryExpiredProps } from './libraryGuard/LibraryExpired';
export { useLibraryStatus, type LibraryStatus } from './libraryGuard/useLibraryStatus';
export { formatNumber } from './formatNumber';
export { PALETTE, colorForLabel, colorMapFor } from './palette';
export { initials } from './initials';
export { BRANDS, getBrand, PRODUCT_NAME, DEFAULT_PRODUCT_NAME, type Brand, type BrandFlavor } from './brands/brands';
export { productLogo } from './brands/logos';
export { portalTheme, portalThemeFor, SIDEBAR_WIDTH, BRAND_PRIMARY, EXPIRED_ROW_COLORS } from './theme';
export { contrastRatio } from './contrast';
export { localizeChart, chartLang, chartResources, CHARTS_NS, type LocalizableChartOptions } from './charts/chartLocale';
