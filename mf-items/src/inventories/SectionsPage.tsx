import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { ArrowLeftOutlined, ApiOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  deleteInventorySections,
  getInventorySections,
  inventorySectionsUrl,
  type GroupRef,
  type InventoryGroup,
  type InventorySection,
  type ListParams,
} from '@portal/api';
import { GenericList, type ListHandle } from '@portal/lists';
import { selectSelectedStore, useAppSelector } from '@portal/session';
import { PageFrame, type PageProps } from '@portal/ui';
import { NoLibrary } from '../catalogues/NoLibrary';
import { sectionColumns } from './columns';
import { GroupForm } from './GroupForm';
import { useInventoriesTranslation } from './i18n';
import { SectionForm } from './SectionForm';
import { groupRefOf, useGroup } from './useGroup';

/**
 * /inventories/{inventoryGroupId}/sections: the group's sections. Back goes to /inventories; a button to the
 * group's items; menu entry Additional Operations; the edit-parent button unless the group is UNGROUPED.
 */
export function SectionsPage({ title }: PageProps) {
  const store = useAppSelector(selectSelectedStore);
  const groupId = groupRefOf(useParams().inventoryGroupId);
  if (!store) return <NoLibrary title={title} />;
  if (groupId === null) return <PageFrame title={title} />;
  return <Sections storeId={store.tid} groupId={groupId} title={title} />;
}

export const groupTitle = (group: InventoryGroup | null, fallback: string, ungrouped: string) =>
  group ? (group.tid === 'UNGROUPED' ? ungrouped : group.name) : fallback;

function Sections({ storeId, groupId, title }: { storeId: number; groupId: GroupRef; title: string }) {
  const { t } = useInventoriesTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useRef<ListHandle>(null);
  const { group, reload } = useGroup(storeId, groupId);
  const [editingGroup, setEditingGroup] = useState(false);
  const [form, setForm] = useState<{ open: boolean; section: InventorySection | null }>({ open: false, section: null });
  const columns = useMemo(() => sectionColumns(t), [t]);
  const fetchPage = useCallback((params: ListParams) => getInventorySections(storeId, groupId, params), [storeId, groupId]);

  const closeForm = (saved?: InventorySection) => {
    setForm((f) => ({ ...f, open: false }));
    if (saved) list.current?.refresh();
  };

  return (
    <PageFrame
      title={groupTitle(group, title, t('ungrouped'))}
      extra={
        <Space wrap>
          <Button icon={<UnorderedListOutlined />} onClick={() => navigate(`/inventories/${groupId}/items`)}>
            {t('groupItems')}
          </Button>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/inventories')}>
            {t('back')}
          </Button>
        </Space>
      }
    >
      <GenericList<InventorySection>
        ref={list}
        listName="inventorySections"
        columns={columns}
        fetchPage={fetchPage}
        resetKey={location.pathname}
        parent={{ tid: groupId, onEdit: () => setEditingGroup(true) }}
        onAdd={() => setForm({ open: true, section: null })}
        onEdit={(section) => setForm({ open: true, section })}
        onRowDoubleClick={(section) => navigate(`/inventories/${groupId}/sections/${section.tid}`)}
        onDelete={(ids) => deleteInventorySections(storeId, groupId, ids)}
        exporter={{ url: `${inventorySectionsUrl(storeId, groupId)}/export`, fileName: groupTitle(group, title, t('ungrouped')) }}
        extraMenuItems={[
          {
            key: 'additionalOperations',
            label: t('additionalOperations'),
            icon: <ApiOutlined />,
            onClick: () => navigate(`/inventories/${groupId}/additionalOperations`),
          },
        ]}
      />
      <SectionForm open={form.open} storeId={storeId} groupId={groupId} section={form.section} onClose={closeForm} />
      {group && group.tid !== 'UNGROUPED' && (
        <GroupForm
          open={editingGroup}
          storeId={storeId}
          group={group}
          onClose={(saved) => {
            setEditingGroup(false);
            if (saved) reload();
          }}
        />
      )}
    </PageFrame>
  );
}
