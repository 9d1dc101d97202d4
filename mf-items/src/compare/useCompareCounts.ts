import { useEffect, useState } from 'react';
import { type CompareMode, type CompareScope, getCompareCount, logger } from '@portal/api';

/** A count that could not be loaded: shown as a dash (asked again when the list reloads), never a spinner for ever. */
export const COUNT_FAILED = 'failed';

/** The counts to ask for: one per load of the list, with that load's scope. */
export interface CountsRequest {
  storeId: number;
  catalogueId: number;
  scope: CompareScope;
}

/**
 * The Missing and Exceeded counts (null while loading, COUNT_FAILED when a count failed) of the latest request:
 * asked once per request object, none before the first.
 */
export function useCompareCounts(request: CountsRequest | null) {
  const [counts, setCounts] = useState<Record<CompareMode, number | typeof COUNT_FAILED | null>>({ MISSING: null, EXCEEDED: null });
  useEffect(() => {
    if (!request) return undefined;
    let current = true;
    setCounts({ MISSING: null, EXCEEDED: null });
    for (const mode of ['MISSING', 'EXCEEDED'] as const) {
      getCompareCount(request.storeId, request.catalogueId, mode, request.scope)
        .then((n) => {
          if (current) setCounts((c) => ({ ...c, [mode]: n }));
        })
        .catch((error: unknown) => {
          logger.error('Compare count not loaded', error);
          if (current) setCounts((c) => ({ ...c, [mode]: COUNT_FAILED }));
        });
    }
    return () => {
      current = false;
    };
  }, [request]);
  return counts;
}
