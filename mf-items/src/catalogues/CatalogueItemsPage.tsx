import { useCallback, useMemo, useRef, useState } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined, DiffOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Catalogue, CatalogueItem, ListParams, Store } from '@portal/api';
import { GenericList, type ListHandle } from '@portal/lists';
import { selectSelectedStore, useAppSelector } from '@portal/session';
import { PageFrame, type PageProps } from '@portal/ui';
import { CatalogueForm } from './CatalogueForm';
import { CatalogueItemForm, type ItemCalls } from './CatalogueItemForm';
import { CATALOGUES, type ContainerKind } from './containerKind';
import { useCataloguesTranslation } from './i18n';
import { itemColumns, itemFieldLabels } from './itemColumns';
import { NoLibrary } from './NoLibrary';
import { useCatalogue } from './useCatalogue';

/** /catalogues/{catalogueId}: a catalogue's items. Back goes to /catalogues; Compare to .../compare. */
export function CatalogueItemsPage({ title }: PageProps) {
  return <ContainerItemsPage title={title} kind={CATALOGUES} />;
}

/** The items of one catalogue or search list (the route's last parameter is its id). */
export function ContainerItemsPage({ title, kind }: PageProps & { kind: ContainerKind }) {
  const store = useAppSelector(selectSelectedStore);
  const params = useParams();
  const id = Number(params.catalogueId ?? params.searchListId);
  if (!store) return <NoLibrary title={title} />;
  if (!Number.isInteger(id) || id < 1) return <PageFrame title={title} />;
  return <CatalogueItems store={store} catalogueId={id} title={title} kind={kind} />;
}

function CatalogueItems({ store, catalogueId, title, kind }: { store: Store; catalogueId: number; title: string; kind: ContainerKind }) {
  const { t } = useCataloguesTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useRef<ListHandle>(null);
  const storeId = store.tid;
  const { catalogue, reload } = useCatalogue(storeId, catalogueId, kind);
  const [editingCatalogue, setEditingCatalogue] = useState(false);
  const [itemForm, setItemForm] = useState<{ open: boolean; item: CatalogueItem | null }>({ open: false, item: null });

  const fields = useMemo(() => itemFieldLabels(store, t), [store, t]);
  const columns = useMemo(() => itemColumns(fields), [fields]);
  const fetchPage = useCallback((params: ListParams) => kind.calls.items(storeId, catalogueId, params), [storeId, catalogueId, kind]);
  const itemCalls = useMemo<ItemCalls>(
    () => ({
      exists: (pair) => kind.calls.itemExists(storeId, catalogueId, pair),
      create: (input) => kind.calls.createItem(storeId, catalogueId, input),
      update: (itemId, input) => kind.calls.updateItem(storeId, catalogueId, itemId, input),
    }),
    [kind, storeId, catalogueId],
  );

  const closeCatalogueForm = (saved?: Catalogue) => {
    setEditingCatalogue(false);
    if (saved) reload();
  };
  const closeItemForm = (saved?: CatalogueItem) => {
    setItemForm((f) => ({ ...f, open: false }));
    if (saved) list.current?.refresh();
  };

  return (
    <PageFrame
      title={catalogue?.name ?? title}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(kind.path)}>
          {t('back')}
        </Button>
      }
    >
      <GenericList<CatalogueItem>
        ref={list}
        listName={kind.itemsListName}
        columns={columns}
        fetchPage={fetchPage}
        resetKey={location.pathname}
        parent={{ tid: catalogueId, onEdit: () => setEditingCatalogue(true) }}
        onAdd={() => setItemForm({ open: true, item: null })}
        onEdit={(item) => setItemForm({ open: true, item })}
        onDelete={(ids) => kind.calls.removeItems(storeId, catalogueId, ids)}
        onDeleteAll={() => kind.calls.removeAllItems(storeId, catalogueId)}
        importer={{ onImport: (request) => kind.calls.importItems(storeId, catalogueId, request) }}
        exporter={{ url: kind.calls.exportUrl(storeId, catalogueId), fileName: catalogue?.name }}
        sync={{
          url: catalogue?.syncURL,
          onSync: async () => {
            const result = await kind.calls.sync(storeId, catalogueId);
            reload(); // its last sync changed
            return result;
          },
        }}
        addItemsTo={{ storeId, from: kind.addFrom, parentId: catalogueId }}
        extraMenuItems={
          kind.compare ? [{ key: 'compare', label: t('compare'), icon: <DiffOutlined />, onClick: () => navigate(`/catalogues/${catalogueId}/compare`) }] : []
        }
      />
      {catalogue && <CatalogueForm open={editingCatalogue} storeId={storeId} catalogue={catalogue} onClose={closeCatalogueForm} kind={kind} />}
      <CatalogueItemForm
        open={itemForm.open}
        storeId={storeId}
        catalogueId={catalogueId}
        fields={fields}
        item={itemForm.item}
        onClose={closeItemForm}
        calls={itemCalls}
      />
    </PageFrame>
  );
}
