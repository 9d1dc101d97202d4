import { useCallback, useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectSettings, updateSettings } from '@portal/session';
import type { ListColumn } from './types';

/** Keys shown when nothing valid is saved: every column not marked defaultVisible: false, in order. */
export function defaultColumnKeys<T>(columns: readonly ListColumn<T>[]): string[] {
  return columns.filter((c) => c.defaultVisible !== false).map((c) => c.key);
}

/**
 * Reads visibleColumns[listName] defensively: stored settings may have any shape. Anything that is not
 * a list of known column keys falls back to the default; unknown or repeated keys are dropped.
 */
export function readVisibleColumns<T>(visibleColumns: unknown, listName: string, columns: readonly ListColumn<T>[]): string[] {
  const fallback = defaultColumnKeys(columns);
  if (typeof visibleColumns !== 'object' || visibleColumns === null || Array.isArray(visibleColumns)) return fallback;
  const stored: unknown = (visibleColumns as Record<string, unknown>)[listName];
  if (!Array.isArray(stored) || !stored.every((key) => typeof key === 'string')) return fallback;
  const known = new Set(columns.map((c) => c.key));
  const keys = [...new Set(stored as string[])].filter((key) => known.has(key));
  return keys.length > 0 ? keys : fallback;
}

export interface VisibleColumns<T> {
  /** Visible columns in the saved order. */
  visible: ListColumn<T>[];
  visibleKeys: string[];
  save: (keys: string[]) => void;
  resetToDefault: () => void;
}

/** The list's column choice, kept in the user settings (saved on the server by the session saga). */
export function useVisibleColumns<T>(listName: string, columns: readonly ListColumn<T>[]): VisibleColumns<T> {
  const settings = useSelector(selectSettings) as { visibleColumns?: unknown } | undefined;
  const dispatch = useDispatch();
  const visibleKeys = useMemo(() => readVisibleColumns(settings?.visibleColumns, listName, columns), [settings?.visibleColumns, listName, columns]);
  const visible = useMemo(() => {
    const byKey = new Map(columns.map((c) => [c.key, c]));
    return visibleKeys.map((key) => byKey.get(key)).filter((c): c is ListColumn<T> => c !== undefined);
  }, [visibleKeys, columns]);
  const save = useCallback(
    (keys: string[]) => {
      dispatch(updateSettings({ visibleColumns: { [listName]: keys } }));
    },
    [dispatch, listName],
  );
  // Settings merge per list name, so "default" is saved explicitly rather than by removing the entry.
  const resetToDefault = useCallback(() => save(defaultColumnKeys(columns)), [save, columns]);
  return { visible, visibleKeys, save, resetToDefault };
}
