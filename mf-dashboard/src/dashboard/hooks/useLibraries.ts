import { getStoresTree, type RegionNode } from '@portal/api';
import { limitRegionsToStores, selectRegions, selectStoreIds, selectStoresLoading, useAppSelector } from '@portal/session';
import { useEffect, useMemo, useState } from 'react';
import { areaNameTree } from '../model/areaNameTree';
import { defaultSelection, selectedStoreIds } from '../model/firstCalls';
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

/**
 * The dashboard's library filter and the user's choice. The tree comes from the session's region tree (fetched at
 * sign-in, so the widgets need not wait for a request made after the dashboard mounts); only when the session
 * has none, from GET /api/stores?mode=tree&levels=area,name.
 */
export function useLibraries(): Libraries {
  const userStoreIds = useAppSelector(selectStoreIds);
  const sessionRegions = useAppSelector(selectRegions);
  const sessionLoading = useAppSelector(selectStoresLoading);
  const fromSession = useMemo(() => (sessionRegions.length > 0 ? areaNameTree(sessionRegions) : null), [sessionRegions]);
  const [fetchedTree, setFetchedTree] = useState<RegionNode[] | null>(null);
  const [chosen, setChosen] = useState<string[] | null>(null);
  const fullTree = fromSession ?? fetchedTree;

  useEffect(() => {
    if (fromSession || sessionLoading) return undefined;
    let current = true;
    getStoresTree(['area', 'name']).then(
      (tree) => current && setFetchedTree(tree),
      (error: unknown) => {
        logDashboardError('stores tree', error);
        if (current) setFetchedTree([]);
      },
    );
    return () => {
      current = false;
    };
  }, [fromSession, sessionLoading]);

  const tree = useMemo(() => limitRegionsToStores(fullTree ?? [], userStoreIds), [fullTree, userStoreIds]);
  const selected = useMemo(() => chosen ?? defaultSelection(tree), [chosen, tree]);
  const storeIds = useMemo(() => (fullTree === null ? null : selectedStoreIds(tree, selected)), [fullTree, tree, selected]);
  return { tree, selected, select: setChosen, storeIds, loading: fullTree === null };
}
