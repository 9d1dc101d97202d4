import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  allInventoryItemsExportUrl,
  createInventoryItem,
  deleteAllInventoryItems,
  deleteInventoryItems,
  getAllInventoryItems,
  getGroupItems,
  getInventoryItems,
  getSearchLists,
  groupItemsExportUrl,
  importInventoryItems,
  inventoryItemExists,
  inventoryItemsExportUrl,
  logger,
  updateInventoryItem,
  type GroupRef,
  type InventoryItem,
  type InventorySection,
  type ListParams,
  type SearchList,
  type Store,
} from '@portal/api';
import { MAX_LIST_LIMIT } from '@portal/contract';
import { GenericList, type GenericListProps, type ListHandle } from '@portal/lists';
import { selectSelectedStore, useAppSelector } from '@portal/session';
import { PageFrame, type PageProps } from '@portal/ui';
import { CatalogueItemForm, type ItemCalls } from '../catalogues/CatalogueItemForm';
import { useCataloguesTranslation } from '../catalogues/i18n';
import { itemFieldLabels } from '../catalogues/itemColumns';
import { NoLibrary } from '../catalogues/NoLibrary';
import { scannedItemColumns } from './columns';
import { INVENTORY_DATE_FORMAT, formatInventoryDate } from './dates';
import { useInventoriesTranslation } from './i18n';
import { groupTitle } from './SectionsPage';
import { SectionForm } from './SectionForm';
import { groupRefOf, useGroup, useSection } from './useGroup';

type ItemsListProps = Omit<GenericListProps<InventoryItem>, 'columns' | 'listName'> & { store: Store; where: boolean; listName: string };

/** A list of scanned items with the library's item fields and the search lists that flag them. */
function ScannedItems({ store, where, ...props }: ItemsListProps) {
  const { t } = useInventoriesTranslation();
  const catalogueT = useCataloguesTranslation().t;
  const fields = useMemo(() => itemFieldLabels(store, catalogueT), [store, catalogueT]);
  const searchLists = useSearchLists(store.tid);
  const columns = useMemo(() => scannedItemColumns(fields, t, where, searchLists), [fields, t, where, searchLists]);
  return <GenericList<InventoryItem> columns={columns} {...props} />;
}

/** The library's search lists (the flag column's filter offers them); none while loading or when they cannot be read. */
function useSearchLists(storeId: number): SearchList[] {
  const [lists, setLists] = useState<{ storeId: number; items: SearchList[] }>({ storeId, items: [] });
  useEffect(() => {
    let live = true;
    getSearchLists(storeId, { order: ['name', 'asc'], offset: 0, limit: MAX_LIST_LIMIT })
      .then(({ items }) => {
        if (live) setLists({ storeId, items });
      })
      .catch((error: unknown) => logger.error('Search lists not loaded', error));
    return () => {
      live = false;
    };
  }, [storeId]);
  return lists.storeId === storeId ? lists.items : NO_LISTS;
}
const NO_LISTS: SearchList[] = [];

function useStoreOrNull() {
  return useAppSelector(selectSelectedStore);
}

const back = (label: string, onClick: () => void) => (
  <Button icon={<ArrowLeftOutlined />} onClick={onClick}>
    {label}
  </Button>
);

/** /inventories/{groupId}/sections/{inventoryId}: a section's items. Back goes to /inventories/{groupId}/sections. */
export function SectionItemsPage({ title }: PageProps) {
  const store = useStoreOrNull();
  const params = useParams();
  const groupId = groupRefOf(params.inventoryGroupId);
  const inventoryId = Number(params.inventoryId);
  if (!store) return <NoLibrary title={title} />;
  if (groupId === null || !Number.isInteger(inventoryId) || inventoryId < 1) return <PageFrame title={title} />;
  return <SectionItems store={store} groupId={groupId} inventoryId={inventoryId} title={title} />;
}

function SectionItems({ store, groupId, inventoryId, title }: { store: Store; groupId: GroupRef; inventoryId: number; title: string }) {
  const { t } = useInventoriesTranslation();
  const catalogueT = useCataloguesTranslation().t;
  const navigate = useNavigate();
  const location = useLocation();
  const list = useRef<ListHandle>(null);
  const storeId = store.tid;
  const { section, reload } = useSection(storeId, groupId, inventoryId);
  const [editingSection, setEditingSection] = useState(false);
  const [itemForm, setItemForm] = useState<{ open: boolean; item: InventoryItem | null }>({ open: false, item: null });
  const fields = useMemo(() => itemFieldLabels(store, catalogueT), [store, catalogueT]);
  const fetchPage = useCallback((params: ListParams) => getInventoryItems(storeId, groupId, inventoryId, params), [storeId, groupId, inventoryId]);
  const calls = useMemo<ItemCalls>(
    () => ({
      exists: ({ itemId, code, objectId }) => inventoryItemExists(storeId, groupId, inventoryId, { inventoryItemId: itemId, code, objectId }),
      create: (input) => createInventoryItem(storeId, groupId, inventoryId, input),
      update: (itemId, input) => updateInventoryItem(storeId, groupId, inventoryId, itemId, input),
    }),
    [storeId, groupId, inventoryId],
  );
  const heading = section ? `${section.comment} · ${formatInventoryDate(section.date, INVENTORY_DATE_FORMAT)}` : title;

  return (
    <PageFrame title={heading} extra={back(t('back'), () => navigate(`/inventories/${groupId}/sections`))}>
      <ScannedItems
        ref={list}
        store={store}
        where={false}
        listName="inventoryItems"
        fetchPage={fetchPage}
        resetKey={location.pathname}
        parent={{ tid: inventoryId, onEdit: () => setEditingSection(true) }}
        onAdd={() => setItemForm({ open: true, item: null })}
        onEdit={(item) => setItemForm({ open: true, item })}
        onDelete={(ids) => deleteInventoryItems(storeId, groupId, inventoryId, ids)}
        onDeleteAll={() => deleteAllInventoryItems(storeId, groupId, inventoryId)}
        importer={{ onImport: (request) => importInventoryItems(storeId, groupId, inventoryId, request) }}
        exporter={{ url: inventoryItemsExportUrl(storeId, groupId, inventoryId), fileName: section?.comment }}
        addItemsTo={{ storeId, from: 'inventory', parentId: inventoryId }}
      />
      <CatalogueItemForm
        open={itemForm.open}
        storeId={storeId}
        catalogueId={inventoryId}
        fields={fields}
        item={itemForm.item}
        calls={calls}
        onClose={(saved) => {
          setItemForm((f) => ({ ...f, open: false }));
          if (saved) list.current?.refresh();
        }}
      />
      {section && (
        <SectionForm
          open={editingSection}
          storeId={storeId}
          groupId={groupId}
          section={section as InventorySection}
          onClose={(saved) => {
            setEditingSection(false);
            if (saved) reload();
          }}
        />
      )}
    </PageFrame>
  );
}

/** /inventories/{groupId}/items: every item of the group's sections. Back goes to /inventories/{groupId}/sections. */
export function GroupItemsPage({ title }: PageProps) {
  const store = useStoreOrNull();
  const groupId = groupRefOf(useParams().inventoryGroupId);
  if (!store) return <NoLibrary title={title} />;
  if (groupId === null) return <PageFrame title={title} />;
  return <GroupItems store={store} groupId={groupId} title={title} />;
}

function GroupItems({ store, groupId, title }: { store: Store; groupId: GroupRef; title: string }) {
  const { t } = useInventoriesTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { group } = useGroup(store.tid, groupId);
  const fetchPage = useCallback((params: ListParams) => getGroupItems(store.tid, groupId, params), [store.tid, groupId]);
  const name = groupTitle(group, title, t('ungrouped'));
  return (
    <PageFrame title={group ? `${name} · ${t('groupItems')}` : title} extra={back(t('back'), () => navigate(`/inventories/${groupId}/sections`))}>
      <ScannedItems
        store={store}
        where
        listName="inventoryGroupItems"
        fetchPage={fetchPage}
        resetKey={location.pathname}
        exporter={{ url: groupItemsExportUrl(store.tid, groupId), fileName: name }}
        addItemsTo={{ storeId: store.tid, from: 'inventoryGroup', parentId: groupId }}
      />
    </PageFrame>
  );
}

/** /inventories/items: every scanned item of the library. Back goes to /inventories. */
export function AllItemsPage({ title }: PageProps) {
  const store = useStoreOrNull();
  const { t } = useInventoriesTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const storeId = store?.tid ?? 0;
  const fetchPage = useCallback((params: ListParams) => getAllInventoryItems(storeId, params), [storeId]);
  if (!store) return <NoLibrary title={title} />;
  return (
    <PageFrame title={title} extra={back(t('back'), () => navigate('/inventories'))}>
      <ScannedItems
        store={store}
        where
        listName="allInventoryItems"
        fetchPage={fetchPage}
        resetKey={location.pathname}
        exporter={{ url: allInventoryItemsExportUrl(storeId), fileName: title }}
        addItemsTo={{ storeId, from: 'allInventories' }}
      />
    </PageFrame>
  );
}
