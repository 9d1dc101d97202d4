import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { deleteAdditionalOperations, getAdditionalOperations, type AdditionalOperation, type GroupRef, type ListParams } from '@portal/api';
import { GenericList, type ListColumn, type ListHandle } from '@portal/lists';
import { selectSelectedStore, useAppSelector } from '@portal/session';
import { PageFrame, type PageProps } from '@portal/ui';
import { NoLibrary } from '../catalogues/NoLibrary';
import { useInventoriesTranslation } from '../inventories/i18n';
import { groupTitle } from '../inventories/SectionsPage';
import { groupRefOf, useGroup } from '../inventories/useGroup';
import { OperationForm } from './OperationForm';
import { paramsText } from './operationRules';

/** /inventories/{groupId}/additionalOperations: Name, URL, Method, Params (key: value), Attach Data; add, edit, delete. */
export function AdditionalOperationsPage({ title }: PageProps) {
  const store = useAppSelector(selectSelectedStore);
  const groupId = groupRefOf(useParams().inventoryGroupId);
  if (!store) return <NoLibrary title={title} />;
  if (groupId === null) return <PageFrame title={title} />;
  return <Operations storeId={store.tid} groupId={groupId} title={title} />;
}

function Operations({ storeId, groupId, title }: { storeId: number; groupId: GroupRef; title: string }) {
  const { t } = useInventoriesTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useRef<ListHandle>(null);
  const { group } = useGroup(storeId, groupId);
  const [form, setForm] = useState<{ open: boolean; operation: AdditionalOperation | null }>({ open: false, operation: null });
  const fetchPage = useCallback((params: ListParams) => getAdditionalOperations(storeId, groupId, params), [storeId, groupId]);
  const columns = useMemo<ListColumn<AdditionalOperation>[]>(
    () => [
      { key: 'name', title: t('name'), width: 220 },
      { key: 'url', title: t('url'), width: 320 },
      { key: 'method', title: t('method'), width: 100 },
      {
        key: 'params',
        title: t('params'),
        width: 280,
        sortable: false,
        searchable: false,
        render: (row) => paramsText(row.params).map((text) => <Tag key={text}>{text}</Tag>),
      },
      { key: 'attachData', title: t('attachData'), type: 'boolean', width: 120, sortable: false, searchable: false },
    ],
    [t],
  );

  return (
    <PageFrame
      title={group ? `${groupTitle(group, title, t('ungrouped'))} · ${title}` : title}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(`/inventories/${groupId}/sections`)}>
          {t('back')}
        </Button>
      }
    >
      <GenericList<AdditionalOperation>
        ref={list}
        listName="additionalOperations"
        columns={columns}
        fetchPage={fetchPage}
        resetKey={location.pathname}
        onAdd={() => setForm({ open: true, operation: null })}
        onEdit={(operation) => setForm({ open: true, operation })}
        onDelete={(ids) => deleteAdditionalOperations(storeId, groupId, ids)}
      />
      <OperationForm
        open={form.open}
        storeId={storeId}
        groupId={groupId}
        operation={form.operation}
        onClose={(saved) => {
          setForm((f) => ({ ...f, open: false }));
          if (saved) list.current?.refresh();
        }}
      />
    </PageFrame>
  );
}
