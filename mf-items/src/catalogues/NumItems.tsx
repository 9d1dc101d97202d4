import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CATALOGUES, type ContainerKind } from './containerKind';
import { logger } from '@portal/api';
import { BusySpinner, useListsTranslation } from '@portal/lists';

interface NumItemsSource {
  /** The list load these counts belong to: a new one (the list reloaded) starts a fresh cache. */
  generation: number;
  /** The count of one catalogue (cached until the list reloads). */
  get: (catalogueId: number) => Promise<number>;
}

const NumItemsContext = createContext<NumItemsSource | null>(null);

/** Counts of the catalogues' items, asked per row once it shows and kept until `generation` changes. */
export function NumItemsProvider({
  storeId,
  generation,
  kind = CATALOGUES,
  children,
}: {
  storeId: number;
  generation: number;
  kind?: ContainerKind;
  children: ReactNode;
}) {
  const value = useMemo<NumItemsSource>(() => {
    const cache = new Map<number, Promise<number>>();
    return {
      generation,
      get: (catalogueId) => {
        let count = cache.get(catalogueId);
        if (!count) {
          count = kind.calls.numItems(storeId, catalogueId);
          cache.set(catalogueId, count);
          count.catch(() => cache.delete(catalogueId));
        }
        return count;
      },
    };
  }, [storeId, generation, kind]);
  return <NumItemsContext.Provider value={value}>{children}</NumItemsContext.Provider>;
}

/** The Num Items cell: a spinner until the count has loaded; a dash when it failed (logged). */
export function NumItemsCell({ catalogueId }: { catalogueId: number }) {
  const { t } = useListsTranslation();
  const source = useContext(NumItemsContext);
  /** null while loading; NaN when the count failed (a dash, asked again when the list reloads). */
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!source) return undefined;
    let current = true;
    setCount(null);
    source
      .get(catalogueId)
      .then((n) => {
        if (current) setCount(n);
      })
      .catch((error: unknown) => {
        logger.error('Catalogue item count could not be loaded', error);
        if (current) setCount(Number.NaN);
      });
    return () => {
      current = false;
    };
  }, [source, catalogueId]);
  if (count === null) return <BusySpinner label={t('counting')} />;
  return <>{Number.isNaN(count) ? '–' : count}</>;
}
