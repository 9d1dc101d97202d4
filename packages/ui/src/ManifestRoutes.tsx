import { Suspense, type ComponentType, type ReactElement } from 'react';
import { lazyRetrying } from './fetchedLater';
import { useTranslation } from '@portal/i18n';
import { Route, Routes } from 'react-router-dom';
import { LibraryGuard } from './libraryGuard/LibraryGuard';
import { LoadingOverlay } from './LoadingOverlay';
import { PageFrame } from './PageFrame';
import { RemoteError } from './RemoteError';

/** Every page receives its route's translated title (from the remote's manifest) for its PageFrame. */
export interface PageProps {
  title: string;
}

interface ManifestRoute<P extends string> {
  readonly path: P;
  readonly titleKey: string;
  readonly group?: string;
}

export interface ManifestRoutesProps<P extends string> {
  manifest: { readonly namespace: string; readonly routes: readonly ManifestRoute<P>[] };
  /** The page of each route the manifest declares: a route without a page does not compile. */
  pages: Record<P, ComponentType<PageProps>>;
}

/**
 * A page whose code is fetched when its route is first shown, so a remote's first view loads only its own page
 * (and the shared libraries that page uses): `lazyPage(() => import('./users/UsersPage'), 'UsersPage')`.
 * When the fetch fails the page's frame says so, and its Retry fetches again.
 */
export function lazyPage<M extends Record<K, ComponentType<PageProps>>, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType<PageProps> {
  return lazyRetrying<PageProps>(() => load().then((module) => module[name]), PageNotFetched);
}

function PageNotFetched({ title, retry }: PageProps & { retry: () => void }): ReactElement {
  return (
    <PageFrame title={title}>
      <RemoteError onRetry={retry} />
    </PageFrame>
  );
}

/**
 * A remote's route table, derived from its manifest. Routes of the Items group need a usable library, so their
 * pages (and their calls) wait behind the guard screens. While a lazy page's code arrives, its frame shows the
 * title in the place the page draws it (PageArriving).
 */
export function ManifestRoutes<P extends string>({ manifest, pages }: ManifestRoutesProps<P>): ReactElement {
  const { t } = useTranslation(manifest.namespace);
  return (
    <Routes>
      {manifest.routes.map(({ path, titleKey, group }) => {
        const Page: ComponentType<PageProps> = pages[path];
        const title = t(titleKey);
        const page = (
          <Suspense fallback={<PageArriving title={title} />}>
            <Page title={title} />
          </Suspense>
        );
        return <Route key={path} path={path} element={group === 'items' ? <LibraryGuard>{page}</LibraryGuard> : page} />;
      })}
    </Routes>
  );
}

/**
 * The frame of a page whose code is still arriving: its title, and the loading overlay once that has lasted the
 * overlay's delay (a slow link shows it is on its way; a quick one never flashes it).
 */
function PageArriving({ title }: PageProps): ReactElement {
  return (
    <PageFrame title={title} busy>
      <div style={{ position: 'relative', minHeight: 160 }}>
        <LoadingOverlay loading />
      </div>
    </PageFrame>
  );
}

/** The frame of a route whose page is not built yet: its title, nothing else. */
export function PlaceholderPage({ title }: PageProps): ReactElement {
  return <PageFrame title={title} />;
}
