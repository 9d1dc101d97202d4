import { useCallback, useMemo, useRef, useState } from 'react';
import { Alert, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Catalogue, ListParams, Store } from '@portal/api';
import { GenericList, isFirstPage, type FieldLabels, type ListHandle } from '@portal/lists';
import { selectSelectedStore, useAppSelector } from '@portal/session';
import { PageFrame, type PageProps } from '@portal/ui';
import { CatalogueForm } from './CatalogueForm';
import { CATALOGUES, type ContainerKind } from './containerKind';
import { cataloguesColumns } from './cataloguesColumns';
import { itemFieldLabels } from './itemColumns';
import { useCataloguesTranslation } from './i18n';
import { NoLibrary } from './NoLibrary';
import { NumItemsProvider } from './NumItems';
import { logger } from '@portal/api';

/** /catalogues: the library's catalogues; double-click opens /catalogues/{catalogueId}. */
export function CataloguesPage({ title }: PageProps) {
  return <ContainersPage title={title} kind={CATALOGUES} />;
}

/** The list of a library's catalogues or search lists (data-areas §2): kind says which. */
export function ContainersPage({ title, kind }: PageProps & { kind: ContainerKind }) {
  const store = useAppSelector(selectSelectedStore);
  if (!store) return <NoLibrary title={title} />;
  return <CataloguesList store={store} title={title} kind={kind} />;
}

function CataloguesList({ store, title, kind }: { store: Store; title: string; kind: ContainerKind }) {
  const { t } = useCataloguesTranslation();
  const storeId = store.tid;
  const navigate = useNavigate();
  const location = useLocation();
  const list = useRef<ListHandle>(null);
  const [form, setForm] = useState<{ open: boolean; catalogue: Catalogue | null }>({ open: false, catalogue: null });
  const [countsGeneration, setCountsGeneration] = useState(0);
  const [totals, setTotals] = useState<{ numItems: number; numItemsDistinct: number } | null>(null);

  const columns = useMemo(() => cataloguesColumns(t), [t]);
  // Import into new lists offers and maps the library's own field names, as an import into one list does.
  const fieldLabels = useMemo<FieldLabels>(() => Object.fromEntries(itemFieldLabels(store, t).map(({ key, label }) => [key, label])), [store, t]);
  const fetchPage = useCallback(
    (params: ListParams) => {
      if (isFirstPage(params)) {
        // A reload from the top: item counts may have changed (import, sync, delete).
        setCountsGeneration((g) => g + 1);
        kind.calls
          .numAllItems(storeId)
          .then(setTotals)
          .catch((error: unknown) => logger.error('Item totals not loaded', error));
      }
      return kind.calls.list(storeId, params);
    },
    [storeId, kind],
  );

  const closeForm = (saved?: Catalogue) => {
    setForm((f) => ({ ...f, open: false }));
    if (saved) list.current?.refresh();
  };

  return (
    <PageFrame title={title}>
      {kind.texts.importWarning && <Alert type="warning" showIcon title={t(kind.texts.importWarning)} style={{ marginBottom: 8 }} />}
      <NumItemsProvider storeId={storeId} generation={countsGeneration} kind={kind}>
        <GenericList<Catalogue>
          ref={list}
          listName={kind.listName}
          columns={columns}
          fetchPage={fetchPage}
          resetKey={location.pathname}
          extra={totals && <Typography.Text type="secondary">{t('itemTotals', { count: totals.numItems, distinct: totals.numItemsDistinct })}</Typography.Text>}
          onAdd={() => setForm({ open: true, catalogue: null })}
          onEdit={(catalogue) => setForm({ open: true, catalogue })}
          onRowDoubleClick={(catalogue) => navigate(`${kind.path}/${catalogue.tid}`)}
          onDelete={(ids) => kind.calls.remove(storeId, ids)}
          onDeleteAll={() => kind.calls.removeAll(storeId)}
          importer={{ multiple: true, fieldLabels, onImport: (request) => kind.calls.importMany(storeId, request) }}
          exporter={{ url: kind.calls.listExportUrl(storeId), fileName: title }}
        />
      </NumItemsProvider>
      <CatalogueForm open={form.open} storeId={storeId} catalogue={form.catalogue} onClose={closeForm} kind={kind} />
    </PageFrame>
  );
}
