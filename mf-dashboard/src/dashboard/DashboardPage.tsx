import { ReloadOutlined } from '@ant-design/icons';
import { lazyDialog, PageFrame } from '@portal/ui';
import { Button, Empty, Flex } from 'antd';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardSectionView } from './components/DashboardSectionView';
import { LibrariesSelect } from './components/LibrariesSelect';
import { useDashboard } from './hooks/useDashboard';
import { DASHBOARD_NS } from './i18n';

// Loaded when a section is edited: its Checkbox comes with antd's `antd/tables-forms` key, which the first view
// does not need. Fetched as soon as a pencil is pointed at or focused, so the dialog rarely waits for it.
const loadEditSectionDialog = () => import(/* webpackChunkName: "edit-section" */ './components/EditSectionDialog');
const EditSectionDialog = lazyDialog(loadEditSectionDialog, 'EditSectionDialog', (props) => props.onCancel());
const preloadEditSectionDialog = () => void loadEditSectionDialog();

export interface DashboardPageProps {
  /** The route's translated title (from the remote's manifest). */
  title: string;
}

/**
 * /dashboard (access-shell-dashboard §2): the Libraries filter, Refresh and the four sections. Each section gets
 * props that change only with its own data (useSectionData), so an answer renders the section it belongs to.
 * With no library selected there is nothing to count: the main section says so instead of showing zeros.
 */
export default function DashboardPage({ title }: DashboardPageProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { libraries, reloadKey, refresh, summary, sectionData, sections, weekStartDay, editing, edit, saveEdit, cancelEdit } = useDashboard();
  const { tree, selected, select, loading: librariesLoading, storeIds } = libraries;
  const filter = useMemo(
    () => (
      <Flex gap={8} align="center" wrap>
        <LibrariesSelect tree={tree} value={selected} onChange={select} loading={librariesLoading} />
        <Button type="primary" icon={<ReloadOutlined />} loading={summary.loading} onClick={refresh}>
          {t('refresh')}
        </Button>
      </Flex>
    ),
    [tree, selected, select, librariesLoading, summary.loading, refresh, t],
  );
  const noLibrary = storeIds?.length === 0;
  const empty = useMemo(() => <Empty description={t('noLibrarySelected')} />, [t]);
  const shownSections = noLibrary ? sections.filter((shown) => shown.section.key === 'main') : sections;
  // The page's first commit holds the main section only; the sections under it mount once that first view is
  // painted, in a background render that React splits into short tasks, so the first view is not one long task of
  // every section and is not held back by their render.
  const [all, setAll] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setAll(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  const mounted = all ? shownSections.length : 1;
  return (
    <PageFrame title={title}>
      {shownSections.slice(0, mounted).map((shown) => (
        <DashboardSectionView
          key={shown.section.key}
          section={shown.section}
          widgets={shown.widgets}
          summary={sectionData[shown.section.key]}
          storeIds={storeIds}
          reloadKey={reloadKey}
          weekStartDay={weekStartDay}
          extra={shown.section.key === 'main' ? filter : undefined}
          replacement={noLibrary ? empty : undefined}
          onEdit={edit}
          onEditIntent={preloadEditSectionDialog}
        />
      ))}
      {/* Stands for the sections still to mount: the page is taller than the window from its first frame, so the
          scrollbar that comes with them moves nothing sideways. */}
      {mounted < shownSections.length && <div style={{ minHeight: '100vh' }} />}
      {editing && <EditSectionDialog section={editing.section} chosen={editing.widgets.map((w) => w.key)} onSave={saveEdit} onCancel={cancelEdit} />}
    </PageFrame>
  );
}
