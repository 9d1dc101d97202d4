import { useCallback, useEffect, useMemo, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Store } from '@portal/api';
import { isStoreExpired, selectSelectedStoreId, selectStores, updateSettings } from '@portal/session';
import { sectionRoot } from '../../menu/paths';

/** A row of the Change Library table. */
export type LibraryRow = Pick<Store, 'tid' | 'area' | 'province' | 'city' | 'name' | 'expirationDate'> & { expired: boolean };

export interface ChangeLibraryController {
  rows: LibraryRow[];
  selectedId: number | undefined;
  select: (tid: number) => void;
  /** Saves selectedStoreId in the user settings and goes to the root of the current section. */
  confirm: () => void;
}

export function useChangeLibrary(open: boolean, onClose: () => void): ChangeLibraryController {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const stores = useSelector(selectStores);
  const currentId = useSelector(selectSelectedStoreId);

  const rows = useMemo<LibraryRow[]>(
    () =>
      stores.map((store) => ({
        tid: store.tid,
        area: store.area,
        province: store.province,
        city: store.city,
        name: store.name,
        expirationDate: store.expirationDate,
        expired: isStoreExpired(store),
      })),
    [stores],
  );

  const [selectedId, setSelectedId] = useState<number | undefined>(undefined);
  useEffect(() => {
    // Each opening starts from the library in use, unless that one can no longer be chosen.
    if (open) setSelectedId(rows.find((row) => row.tid === currentId && !row.expired)?.tid);
  }, [open, rows, currentId]);

  const select = useCallback(
    (tid: number) => {
      if (rows.some((row) => row.tid === tid && !row.expired)) setSelectedId(tid);
    },
    [rows],
  );

  const confirm = useCallback(() => {
    if (selectedId === undefined) return;
    dispatch(updateSettings({ selectedStoreId: selectedId }));
    onClose();
    navigate(sectionRoot(pathname));
  }, [dispatch, navigate, onClose, pathname, selectedId]);

  return { rows, selectedId, select, confirm };
}
