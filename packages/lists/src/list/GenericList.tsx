import { useImperativeHandle, useMemo, useState, type ReactNode, type Ref } from 'react';
import { message, Modal } from 'antd';
import type { ImportRequest, ItemsCountResult } from '@portal/api';
import { useListsTranslation } from '../i18n';
import { exportColumnsOf } from './exportColumns';
import { importFieldLabels } from './importFieldLabels';
import type { FieldLabels } from '../import-modal/importState';
import { ListContextProvider } from './ListContexts';
import { ListHeader, type ExtraMenuItem, type ListMenuKey } from './ListHeader';
import { ListTable } from './ListTable';
import type { FetchPage, ListColumn, ListHandle, ListId, ListRow } from './types';
import { useAvailableHeight } from './useAvailableHeight';
import { useDeleteConfirm } from './useDeleteConfirm';
import { useOptionalStableCallback } from './useStableCallback';
import { useListController } from './useListController';
import { useVisibleColumns } from './visibleColumns';
import { logger } from '@portal/api';
import { lazyDialog } from '@portal/ui';

export interface GenericListProps<T extends ListRow> {
  /** Key of the list in the user's visibleColumns setting. */
  listName: string;
  columns: ListColumn<T>[];
  fetchPage: FetchPage<T>;
  /** Usually the URL path: a change clears filters and reloads from offset 0. */
  resetKey?: string;
  title?: ReactNode;
  extra?: ReactNode;
  /** Rows area height in px (default: what the window leaves). */
  height?: number;
  ref?: Ref<ListHandle>;
  /** The parent (e.g. the catalogue of an items list): an edit circle button unless it is UNGROUPED. */
  parent?: { tid: ListId; onEdit: () => void };
  onAdd?: () => void;
  onEdit?: (row: T) => void;
  onRowDoubleClick?: (row: T) => void;
  onDelete?: (ids: ListId[]) => Promise<unknown>;
  canDeleteRow?: (row: T) => boolean;
  /** Rows without an edit button (default: every row has one when onEdit is given). */
  canEditRow?: (row: T) => boolean;
  onDeleteAll?: () => Promise<unknown>;
  /** fieldLabels: the item fields' names Import offers and maps (default: the list's own item field columns). */
  importer?: { multiple?: boolean; fieldLabels?: FieldLabels; onImport: (request: ImportRequest) => Promise<ItemsCountResult> };
  exporter?: { url: string; fileName?: string };
  /** Offered only when the list has a sync URL. */
  sync?: { url: string | null | undefined; onSync: () => Promise<ItemsCountResult> };
  addItemsTo?: { storeId: number; from: string; parentId?: ListId; compareId?: ListId };
  extraMenuItems?: ExtraMenuItem[];
  isRowExpired?: (row: T) => boolean;
}

type Dialog = null | 'import' | 'export' | 'sync' | 'selectFields' | 'addAll' | 'addSelected';

// The dialogs are fetched when first opened (no list shows one at first view, and their code is most of the list's).
const ImportModal = lazyDialog(
  () => import(/* webpackChunkName: "list-import" */ '../import-modal/ImportModal'),
  'ImportModal',
  (props) => props.onClose(false),
);
const ExportItemsDialog = lazyDialog(
  () => import(/* webpackChunkName: "list-export" */ '../export-dialog/ExportItemsDialog'),
  'ExportItemsDialog',
  (props) => props.onFinish('cancel'),
);
const SyncModal = lazyDialog(
  () => import(/* webpackChunkName: "list-sync" */ '../sync-modal/SyncModal'),
  'SyncModal',
  (props) => props.onClose(false),
);
const AddItemsToModal = lazyDialog(
  () => import(/* webpackChunkName: "list-add-items-to" */ '../add-items-to/AddItemsToModal'),
  'AddItemsToModal',
  (props) => props.onClose(),
);
const SelectFieldsModal = lazyDialog(
  () => import(/* webpackChunkName: "list-select-fields" */ './SelectFieldsModal'),
  'SelectFieldsModal',
  (props) => props.onClose(),
);

/**
 * The generic list screen of data-areas §2: header actions and menu, per-column search and sort,
 * saved column choice, infinite virtual rows and the shared dialogs. State lives in useListController.
 */
export function GenericList<T extends ListRow>(props: GenericListProps<T>) {
  const {
    listName,
    columns,
    fetchPage,
    resetKey,
    title,
    extra,
    height,
    ref,
    parent,
    onAdd,
    onEdit,
    onRowDoubleClick,
    onDelete,
    canDeleteRow,
    canEditRow,
    onDeleteAll,
    importer,
    exporter,
    sync,
    addItemsTo,
    extraMenuItems,
    isRowExpired,
  } = props;
  const { t } = useListsTranslation();
  const controller = useListController<T>({ fetchPage, resetKey });
  const { actions, state, selection } = controller;
  const columnChoice = useVisibleColumns(listName, columns);
  const rowsHeight = useAvailableHeight(height);
  const [modal, modalHolder] = Modal.useModal();
  const [toast, toastHolder] = message.useMessage();
  const { confirmDelete, confirmDeleteAll } = useDeleteConfirm(modal.confirm);
  // Each dialog is fetched when first opened and stays mounted after, keeping its state (lazyDialog).
  const [dialog, setDialog] = useState<Dialog>(null);

  useImperativeHandle(ref, () => ({ refresh: actions.refresh }), [actions]);

  const runDelete = (run: () => Promise<unknown>) => async () => {
    try {
      await run();
    } catch (error) {
      logger.error('Delete failed', error);
      void toast.error(t('deleteFailed'));
    }
    actions.refresh();
  };
  const deleteIds = onDelete
    ? (ids: ListId[]) =>
        confirmDelete(
          ids.length,
          runDelete(() => onDelete(ids)),
        )
    : undefined;
  // Stable identities keep the memoised table from re-rendering when only the header's state changes.
  const onDeleteRow = useOptionalStableCallback(deleteIds ? (row: T) => deleteIds([row.tid]) : undefined);
  const onEditRow = useOptionalStableCallback(onEdit);
  const onRowOpen = useOptionalStableCallback(onRowDoubleClick);

  const menu: Partial<Record<ListMenuKey, () => void>> = {
    ...(addItemsTo ? { addAllItemsTo: () => setDialog('addAll'), addSelectedItemsTo: () => setDialog('addSelected') } : {}),
    ...(sync?.url ? { syncItems: () => setDialog('sync') } : {}),
    ...(exporter ? { exportItems: () => setDialog('export') } : {}),
    selectFields: () => setDialog('selectFields'),
    ...(onDeleteAll ? { deleteAll: () => confirmDeleteAll(runDelete(onDeleteAll)) } : {}),
    refresh: actions.refresh,
    resetAllFilters: actions.resetFilters,
  };
  const close = (changed: boolean) => {
    setDialog(null);
    if (changed) actions.refresh();
  };
  const exportColumns = useMemo(() => exportColumnsOf(columnChoice.visible, t), [columnChoice.visible, t]);
  const ownFieldLabels = useMemo(() => importFieldLabels(columns), [columns]);
  const fieldLabels = importer?.fieldLabels ?? ownFieldLabels;

  return (
    <ListContextProvider value={controller}>
      {modalHolder}
      {toastHolder}
      <ListHeader
        title={title}
        extra={extra}
        parent={parent}
        onAdd={onAdd}
        onDeleteSelected={deleteIds}
        onImport={importer ? () => setDialog('import') : undefined}
        menu={menu}
        extraMenuItems={extraMenuItems}
      />
      <ListTable<T>
        columns={columnChoice.visible}
        height={rowsHeight}
        selectable={Boolean(onDelete || addItemsTo)}
        onEdit={onEditRow}
        onDeleteRow={onDeleteRow}
        canDeleteRow={canDeleteRow}
        canEditRow={canEditRow}
        onRowDoubleClick={onRowOpen}
        isRowExpired={isRowExpired}
      />
      <SelectFieldsModal
        open={dialog === 'selectFields'}
        columns={columns}
        visibleKeys={columnChoice.visibleKeys}
        onSave={columnChoice.save}
        onResetToDefault={columnChoice.resetToDefault}
        onClose={() => setDialog(null)}
      />
      {importer && (
        <ImportModal open={dialog === 'import'} multiple={importer.multiple} fieldLabels={fieldLabels} onImport={importer.onImport} onClose={close} />
      )}
      {exporter && (
        <ExportItemsDialog
          open={dialog === 'export'}
          url={exporter.url}
          defaultFileName={exporter.fileName}
          columns={exportColumns}
          order={state.order}
          searchTexts={state.searchTexts}
          onFinish={() => setDialog(null)}
        />
      )}
      {sync?.url && <SyncModal open={dialog === 'sync'} syncUrl={sync.url} onSync={sync.onSync} onClose={close} />}
      {addItemsTo && (
        <AddItemsToModal
          open={dialog === 'addAll' || dialog === 'addSelected'}
          storeId={addItemsTo.storeId}
          from={addItemsTo.from}
          parentId={addItemsTo.parentId}
          compareId={addItemsTo.compareId}
          itemIds={dialog === 'addSelected' ? selection.selectedIds : []}
          searchTexts={state.searchTexts}
          onClose={() => setDialog(null)}
        />
      )}
    </ListContextProvider>
  );
}
