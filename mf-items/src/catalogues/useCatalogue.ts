import { useCallback, useEffect, useState } from 'react';
import { getCatalogue, type Catalogue } from '@portal/api';

/** One catalogue (the items page's parent), reloadable after an edit or a sync. Failures are only logged. */
export function useCatalogue(storeId: number, catalogueId: number) {
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    getCatalogue(storeId, catalogueId)
      .then((c) => { if (current) setCatalogue(c); })
      .catch((error: unknown) => console.error('Catalogue not loaded', error));
    return () => { current = false; };
  }, [storeId, catalogueId, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { catalogue, reload };
}
