/** The counters' region tree: GET /api/stores?mode=tree&levels=area,name,sensor (data-areas §7), loaded once. */
import { useEffect, useState } from 'react';
import { getStoresTree, logger, type RegionNode } from '@portal/api';
import { REGION_LEVELS } from '../model/regions';

export function useRegionTree(): RegionNode[] | null {
  const [tree, setTree] = useState<RegionNode[] | null>(null);
  useEffect(() => {
    let live = true;
    getStoresTree(REGION_LEVELS)
      .then((nodes) => { if (live) setTree(nodes); })
      .catch((error: unknown) => {
        logger.error('Region tree not loaded', error);
        if (live) setTree([]);
      });
    return () => { live = false; };
  }, []);
  return tree;
}
