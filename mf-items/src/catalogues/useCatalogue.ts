import { useCallback, useEffect, useState } from 'react';
import type { Catalogue } from '@portal/api';
import { CATALOGUES, type ContainerKind } from './containerKind';
import { logger } from '@portal/api';

/** One catalogue or search list (the items page's parent), reloadable after an edit or a sync. Failures are only logged. */
export function useCatalogue(storeId: number, catalogueId: number, kind: ContainerKind = CATALOGUES) {
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    kind.calls
      .get(storeId, catalogueId)
      .then((c) => {
        if (current) setCatalogue(c);
      })
      .catch((error: unknown) => logger.error('Catalogue not loaded', error));
    return () => {
      current = false;
    };
  }, [storeId, catalogueId, version, kind]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { catalogue, reload };
}
