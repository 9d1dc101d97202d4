/**
 * The counters' region tree: GET /api/stores?mode=tree&levels=area,name,sensor (data-areas §7), loaded once,
 * each node with the name the page shows for it (labelTree).
 */
import { useEffect, useState } from 'react';
import { getStoresTree, logger } from '@portal/api';
import { labelTree, REGION_LEVELS, type LabelledRegion } from '../model/regions';

export function useRegionTree(): LabelledRegion[] | null {
  const [tree, setTree] = useState<LabelledRegion[] | null>(null);
  useEffect(() => {
    let live = true;
    getStoresTree(REGION_LEVELS)
      .then((nodes) => {
        if (live) setTree(labelTree(nodes));
      })
      .catch((error: unknown) => {
        logger.error('Region tree not loaded', error);
        if (live) setTree([]);
      });
    return () => {
      live = false;
    };
  }, []);
  return tree;
}
