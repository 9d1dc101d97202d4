import { ReloadOutlined } from '@ant-design/icons';
import { PageFrame } from '@portal/ui';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { DashboardSectionView } from './components/DashboardSectionView';
import { EditSectionDialog } from './components/EditSectionDialog';
import { LibrariesSelect } from './components/LibrariesSelect';
import { WidgetView } from './components/WidgetView';
import { useDashboard } from './hooks/useDashboard';
import { DASHBOARD_NS } from './i18n';

export interface DashboardPageProps {
  /** The route's translated title (from the remote's manifest). */
  title: string;
}

/** /dashboard (access-shell-dashboard §2): the Libraries filter, Refresh and the four sections. */
export default function DashboardPage({ title }: DashboardPageProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const { libraries, reloadKey, refresh, summary, sections, weekStartDay, editing, edit, saveEdit, cancelEdit } = useDashboard();
  const filter = (
    <Flex gap={8} align="center" wrap>
      <LibrariesSelect tree={libraries.tree} value={libraries.selected} onChange={libraries.select} loading={libraries.loading} />
      <Button type="primary" icon={<ReloadOutlined />} loading={summary.loading} onClick={refresh}>
        {t('refresh')}
      </Button>
    </Flex>
  );
  return (
    <PageFrame title={title}>
      {sections.map((shown) => (
        <DashboardSectionView
          key={shown.section.key}
          section={shown.section}
          widgets={shown.widgets}
          extra={shown.section.key === 'main' ? filter : undefined}
          onEdit={() => edit(shown)}
          renderWidget={(widget) => (
            <WidgetView
              widget={widget} summary={summary} storeIds={libraries.storeIds} reloadKey={reloadKey} weekStartDay={weekStartDay}
            />
          )}
        />
      ))}
      {editing && (
        <EditSectionDialog
          section={editing.section} chosen={editing.widgets.map((w) => w.key)} onSave={saveEdit} onCancel={cancelEdit}
        />
      )}
    </PageFrame>
  );
}
