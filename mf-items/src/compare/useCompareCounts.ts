import { useEffect, useState } from 'react';
import { type CompareMode, type CompareScope, getCompareCount, logger } from '@portal/api';

/** A count that could not be loaded: shown as a dash (asked again when the list reloads), never a spinner for ever. */
export const COUNT_FAILED = 'failed';

/** The Missing and Exceeded counts of the chosen scope (null while loading, COUNT_FAILED when a count failed). */
export function useCompareCounts(storeId: number, catalogueId: number, scope: CompareScope, generation: number) {
  const [counts, setCounts] = useState<Record<CompareMode, number | typeof COUNT_FAILED | null>>({ MISSING: null, EXCEEDED: null });
  useEffect(() => {
    let current = true;
    setCounts({ MISSING: null, EXCEEDED: null });
    for (const mode of ['MISSING', 'EXCEEDED'] as const) {
      getCompareCount(storeId, catalogueId, mode, scope)
        .then((n) => { if (current) setCounts((c) => ({ ...c, [mode]: n })); })
        .catch((error: unknown) => {
          logger.error('Compare count not loaded', error);
          if (current) setCounts((c) => ({ ...c, [mode]: COUNT_FAILED }));
        });
    }
    return () => { current = false; };
    // scope is compared by value through its key
  }, [storeId, catalogueId, JSON.stringify(scope), generation]); // eslint-disable-line react-hooks/exhaustive-deps
  return counts;
}
