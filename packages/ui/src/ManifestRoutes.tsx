import type { ComponentType, ReactElement } from 'react';
import { useTranslation } from '@portal/i18n';
import { Route, Routes } from 'react-router-dom';
import { LibraryGuard } from './libraryGuard/LibraryGuard';
import { PageFrame } from './PageFrame';

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
 * A remote's route table, derived from its manifest. Routes of the Items group need a usable library, so their
 * pages (and their calls) wait behind the guard screens.
 */
export function ManifestRoutes<P extends string>({ manifest, pages }: ManifestRoutesProps<P>): ReactElement {
  const { t } = useTranslation(manifest.namespace);
  return (
    <Routes>
      {manifest.routes.map(({ path, titleKey, group }) => {
        const Page: ComponentType<PageProps> = pages[path];
        const page = <Page title={t(titleKey)} />;
        return <Route key={path} path={path} element={group === 'items' ? <LibraryGuard>{page}</LibraryGuard> : page} />;
      })}
    </Routes>
  );
}

/** The frame of a route whose page is not built yet: its title, nothing else. */
export function PlaceholderPage({ title }: PageProps): ReactElement {
  return <PageFrame title={title} />;
}
