import { useLanguage, weekStartDay } from '@portal/i18n';
import { useCallback, useMemo, useState } from 'react';
import { shownSections, summarySources, type ShownSection } from '../model/firstCalls';
import { useDashboardData } from './useDashboardData';
import { useDashboardItems } from './useDashboardItems';
import { useLibraries } from './useLibraries';
import { useSectionData } from './useSectionData';

/** Everything the dashboard page shows and does; the page itself only renders. */
export function useDashboard() {
  const weekStart = weekStartDay(useLanguage());
  const libraries = useLibraries();
  const [reloadKey, setReloadKey] = useState(0);
  const refresh = useCallback(() => setReloadKey((key) => key + 1), []);

  const { items, save } = useDashboardItems();
  const sections = useMemo(() => shownSections(items), [items]);
  const sources = useMemo(() => summarySources(sections), [sections]);
  const summary = useDashboardData(libraries.storeIds, reloadKey, sources);
  const sectionData = useSectionData(sections, summary);

  const [editing, setEditing] = useState<ShownSection | null>(null);
  const saveEdit = useCallback(
    (keys: string[]) => {
      if (editing) save(editing.section.key, keys);
      setEditing(null);
    },
    [editing, save],
  );
  const cancelEdit = useCallback(() => setEditing(null), []);
  const edit = useCallback((sectionKey: string) => setEditing(sections.find((shown) => shown.section.key === sectionKey) ?? null), [sections]);

  return { libraries, reloadKey, refresh, summary, sectionData, sections, weekStartDay: weekStart, editing, edit, saveEdit, cancelEdit };
}
