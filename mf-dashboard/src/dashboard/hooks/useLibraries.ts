import { getStoresTree, type RegionNode } from '@portal/api';
import { findRegions, limitRegionsToStores, selectStoreIds, storeIdsOfRegions, useAppSelector } from '@portal/session';
import { useEffect, useMemo, useState } from 'react';
import { logDashboardError } from '../model/log';

export interface Libraries {
  /** The Libraries tree, limited to the user's store ids (§6). */
  tree: RegionNode[];
  /** Selected region values; by default every top-level region. */
  selected: string[];
  select: (values: string[]) => void;
  /** The selected regions' store ids: what every widget asks for. null until the tree has loaded. */
  storeIds: number[] | null;
  loading: boolean;
}

/** The dashboard's library filter: GET /api/stores?mode=tree&levels=area,name and the user's choice. */
export function useLibraries(): Libraries {
  const userStoreIds = useAppSelector(selectStoreIds);
  const [fullTree, setFullTree] = useState<RegionNode[] | null>(null);
  const [chosen, setChosen] = useState<string[] | null>(null);

  useEffect(() => {
    let current = true;
    getStoresTree(['area', 'name']).then(
      (tree) => current && setFullTree(tree),
      (error: unknown) => {
        logDashboardError('stores tree', error);
        if (current) setFullTree([]);
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const tree = useMemo(() => limitRegionsToStores(fullTree ?? [], userStoreIds), [fullTree, userStoreIds]);
  const selected = useMemo(() => chosen ?? tree.map((node) => node.value), [chosen, tree]);
  const storeIds = useMemo(
    () => (fullTree === null ? null : storeIdsOfRegions(findRegions(tree, selected))),
    [fullTree, tree, selected],
  );
  return { tree, selected, select: setChosen, storeIds, loading: fullTree === null };
}
