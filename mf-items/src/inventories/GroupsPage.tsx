import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Typography } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { deleteInventoryGroups, getInventoryGroups, getNumInventoryItems, type InventoryGroup, inventoryGroupsUrl, type ListParams, logger } from '@portal/api';
import { GenericList, isFirstPage, type ListHandle } from '@portal/lists';
import { selectSelectedStore, useAppSelector } from '@portal/session';
import { PageFrame, type PageProps } from '@portal/ui';
import { NoLibrary } from '../catalogues/NoLibrary';
import { groupColumns } from './columns';
import { GroupForm } from './GroupForm';
import { useInventoriesTranslation } from './i18n';

const isUngrouped = (group: InventoryGroup) => group.tid === 'UNGROUPED';

/** /inventories: groups, UNGROUPED first (never edited or deleted); double-click opens its sections. */
export function GroupsPage({ title }: PageProps) {
  const store = useAppSelector(selectSelectedStore);
  if (!store) return <NoLibrary title={title} />;
  return <Groups storeId={store.tid} title={title} />;
}

function Groups({ storeId, title }: { storeId: number; title: string }) {
  const { t } = useInventoriesTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useRef<ListHandle>(null);
  const [form, setForm] = useState<{ open: boolean; group: InventoryGroup | null }>({ open: false, group: null });
  const [totals, setTotals] = useState<{ numItems: number; numItemsDistinct: number } | null>(null);
  const columns = useMemo(() => groupColumns(t), [t]);

  const fetchPage = useCallback(
    (params: ListParams) => {
      if (isFirstPage(params))
        getNumInventoryItems(storeId)
          .then(setTotals)
          .catch((error: unknown) => logger.error('Item totals not loaded', error));
      return getInventoryGroups(storeId, params);
    },
    [storeId],
  );

  const closeForm = (saved?: InventoryGroup) => {
    setForm((f) => ({ ...f, open: false }));
    if (saved) list.current?.refresh();
  };

  return (
    <PageFrame
      title={title}
      extra={
        <Button icon={<UnorderedListOutlined />} onClick={() => navigate('/inventories/items')}>
          {t('allItems')}
        </Button>
      }
    >
      <GenericList<InventoryGroup>
        ref={list}
        listName="inventoryGroups"
        columns={columns}
        fetchPage={fetchPage}
        resetKey={location.pathname}
        extra={totals && <Typography.Text type="secondary">{t('itemTotals', { count: totals.numItems, distinct: totals.numItemsDistinct })}</Typography.Text>}
        onAdd={() => setForm({ open: true, group: null })}
        onEdit={(group) => setForm({ open: true, group })}
        canEditRow={(group) => !isUngrouped(group)}
        onRowDoubleClick={(group) => navigate(`/inventories/${group.tid}/sections`)}
        onDelete={(ids) => deleteInventoryGroups(storeId, ids)}
        canDeleteRow={(group) => !isUngrouped(group)}
        exporter={{ url: `${inventoryGroupsUrl(storeId)}/export`, fileName: title }}
      />
      <GroupForm open={form.open} storeId={storeId} group={form.group} onClose={closeForm} />
    </PageFrame>
  );
}
