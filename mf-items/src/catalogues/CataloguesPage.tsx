import { useCallback, useMemo, useRef, useState } from 'react';
import { Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  cataloguesUrl, deleteAllCatalogues, deleteCatalogues, getCatalogues, getNumCatalogueItems, importCatalogues,
  type Catalogue, type ListParams,
} from '@portal/api';
import { GenericList, type ListHandle } from '@portal/lists';
import { selectSelectedStore, useAppSelector } from '@portal/session';
import { PageFrame, type PageProps } from '@portal/ui';
import { CatalogueForm } from './CatalogueForm';
import { cataloguesColumns } from './cataloguesColumns';
import { useCataloguesTranslation } from './i18n';
import { NoLibrary } from './NoLibrary';
import { NumItemsProvider } from './NumItems';

/** /catalogues: the library's catalogues; double-click opens /catalogues/{catalogueId}. */
export function CataloguesPage({ title }: PageProps) {
  const store = useAppSelector(selectSelectedStore);
  if (!store) return <NoLibrary title={title} />;
  return <CataloguesList storeId={store.tid} title={title} />;
}

function CataloguesList({ storeId, title }: { storeId: number; title: string }) {
  const { t } = useCataloguesTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useRef<ListHandle>(null);
  const [form, setForm] = useState<{ open: boolean; catalogue: Catalogue | null }>({ open: false, catalogue: null });
  const [countsGeneration, setCountsGeneration] = useState(0);
  const [totals, setTotals] = useState<{ numItems: number; numItemsDistinct: number } | null>(null);

  const columns = useMemo(() => cataloguesColumns(t), [t]);
  const fetchPage = useCallback((params: ListParams) => {
    if (!params.offset) {
      // A reload from the top: item counts may have changed (import, sync, delete).
      setCountsGeneration((g) => g + 1);
      getNumCatalogueItems(storeId).then(setTotals).catch((error: unknown) => console.error('Item totals not loaded', error));
    }
    return getCatalogues(storeId, params);
  }, [storeId]);

  const closeForm = (saved?: Catalogue) => {
    setForm((f) => ({ ...f, open: false }));
    if (saved) list.current?.refresh();
  };

  return (
    <PageFrame title={title}>
      <NumItemsProvider storeId={storeId} generation={countsGeneration}>
        <GenericList<Catalogue>
          ref={list}
          listName="catalogues"
          columns={columns}
          fetchPage={fetchPage}
          resetKey={location.pathname}
          extra={totals && (
            <Typography.Text type="secondary">
              {t('itemTotals', { count: totals.numItems, distinct: totals.numItemsDistinct })}
            </Typography.Text>
          )}
          onAdd={() => setForm({ open: true, catalogue: null })}
          onEdit={(catalogue) => setForm({ open: true, catalogue })}
          onRowDoubleClick={(catalogue) => navigate(`/catalogues/${catalogue.tid}`)}
          onDelete={(ids) => deleteCatalogues(storeId, ids)}
          onDeleteAll={() => deleteAllCatalogues(storeId)}
          importer={{ multiple: true, onImport: (request) => importCatalogues(storeId, request) }}
          exporter={{ url: `${cataloguesUrl(storeId)}/export`, fileName: title }}
        />
      </NumItemsProvider>
      <CatalogueForm open={form.open} storeId={storeId} catalogue={form.catalogue} onClose={closeForm} />
    </PageFrame>
  );
}
