import { useCallback, useEffect, useState } from 'react';
import { getInventoryGroup, getInventorySection, type GroupRef, type InventoryGroup, type InventorySection, logger } from '@portal/api';

/** 'UNGROUPED' or a positive id from the path; null when the path holds anything else. */
export function groupRefOf(param: string | undefined): GroupRef | null {
  if (param === 'UNGROUPED') return 'UNGROUPED';
  const id = Number(param);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The group named in the path (for its title and edit button); reload() after an edit. */
export function useGroup(storeId: number, groupId: GroupRef) {
  const [group, setGroup] = useState<InventoryGroup | null>(null);
  const load = useCallback(() => {
    getInventoryGroup(storeId, groupId)
      .then(setGroup)
      .catch((error: unknown) => logger.error('Inventory group not loaded', error));
  }, [storeId, groupId]);
  useEffect(load, [load]);
  return { group, reload: load };
}

/** The section named in the path. */
export function useSection(storeId: number, groupId: GroupRef, inventoryId: number) {
  const [section, setSection] = useState<InventorySection | null>(null);
  const load = useCallback(() => {
    getInventorySection(storeId, groupId, inventoryId)
      .then(setSection)
      .catch((error: unknown) => logger.error('Section not loaded', error));
  }, [storeId, groupId, inventoryId]);
  useEffect(load, [load]);
  return { section, reload: load };
}
