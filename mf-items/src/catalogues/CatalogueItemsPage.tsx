import { useCallback, useMemo, useRef, useState } from 'react';
import { Button } from 'antd';
import { ArrowLeftOutlined, DiffOutlined } from '@ant-design/icons';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  catalogueExportUrl, deleteAllCatalogueItems, deleteCatalogueItems, getCatalogueItems, importCatalogueItems, syncCatalogue,
  type Catalogue, type CatalogueItem, type ListParams, type Store,
} from '@portal/api';
import { GenericList, type ListHandle } from '@portal/lists';
import { selectSelectedStore, useAppSelector } from '@portal/session';
import { PageFrame, type PageProps } from '@portal/ui';
import { CatalogueForm } from './CatalogueForm';
import { CatalogueItemForm } from './CatalogueItemForm';
import { useCataloguesTranslation } from './i18n';
import { itemColumns, itemFieldLabels } from './itemColumns';
import { NoLibrary } from './NoLibrary';
import { useCatalogue } from './useCatalogue';

/** /catalogues/{catalogueId}: a catalogue's items. Back goes to /catalogues; Compare to .../compare. */
export function CatalogueItemsPage({ title }: PageProps) {
  const store = useAppSelector(selectSelectedStore);
  const { catalogueId } = useParams();
  const id = Number(catalogueId);
  if (!store) return <NoLibrary title={title} />;
  if (!Number.isInteger(id) || id < 1) return <PageFrame title={title} />;
  return <CatalogueItems store={store} catalogueId={id} title={title} />;
}

function CatalogueItems({ store, catalogueId, title }: { store: Store; catalogueId: number; title: string }) {
  const { t } = useCataloguesTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useRef<ListHandle>(null);
  const storeId = store.tid;
  const { catalogue, reload } = useCatalogue(storeId, catalogueId);
  const [editingCatalogue, setEditingCatalogue] = useState(false);
  const [itemForm, setItemForm] = useState<{ open: boolean; item: CatalogueItem | null }>({ open: false, item: null });

  const fields = useMemo(() => itemFieldLabels(store, t), [store, t]);
  const columns = useMemo(() => itemColumns(fields), [fields]);
  const fetchPage = useCallback((params: ListParams) => getCatalogueItems(storeId, catalogueId, params), [storeId, catalogueId]);

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
      extra={<Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/catalogues')}>{t('back')}</Button>}
    >
      <GenericList<CatalogueItem>
        ref={list}
        listName="catalogueItems"
        columns={columns}
        fetchPage={fetchPage}
        resetKey={location.pathname}
        parent={{ tid: catalogueId, onEdit: () => setEditingCatalogue(true) }}
        onAdd={() => setItemForm({ open: true, item: null })}
        onEdit={(item) => setItemForm({ open: true, item })}
        onDelete={(ids) => deleteCatalogueItems(storeId, catalogueId, ids)}
        onDeleteAll={() => deleteAllCatalogueItems(storeId, catalogueId)}
        importer={{ onImport: (request) => importCatalogueItems(storeId, catalogueId, request) }}
        exporter={{ url: catalogueExportUrl(storeId, catalogueId), fileName: catalogue?.name }}
        sync={{
          url: catalogue?.syncURL,
          onSync: async () => {
            const result = await syncCatalogue(storeId, catalogueId);
            reload(); // its last sync changed
            return result;
          },
        }}
        addItemsTo={{ storeId, from: 'catalogue', parentId: catalogueId }}
        extraMenuItems={[
          { key: 'compare', label: t('compare'), icon: <DiffOutlined />, onClick: () => navigate(`/catalogues/${catalogueId}/compare`) },
        ]}
      />
      {catalogue && <CatalogueForm open={editingCatalogue} storeId={storeId} catalogue={catalogue} onClose={closeCatalogueForm} />}
      <CatalogueItemForm
        open={itemForm.open}
        storeId={storeId}
        catalogueId={catalogueId}
        fields={fields}
        item={itemForm.item}
        onClose={closeItemForm}
      />
    </PageFrame>
  );
}
