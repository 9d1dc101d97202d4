// @portal/lists: the generic list screen and the shared dialogs (spec data-areas §2, access-shell-dashboard §2).
export { LISTS_NS, listsResources, useListsTranslation } from './i18n';
export { LIST_DATE_FORMAT, EVENT_DATE_FORMAT, formatListDate, formatEventDate } from './format/dates';

export { GenericList, type GenericListProps } from './list/GenericList';
export { useListController, type ListController, type ListState, type ListActions, type ListSelection } from './list/useListController';
export { isFirstPage } from './list/firstPage';
export { ListContextProvider, useListState, useListSelection, useListActions } from './list/ListContexts';
export { readVisibleColumns, defaultColumnKeys, useVisibleColumns } from './list/visibleColumns';
export { CopyUrl, COPIED_TOOLTIP_MS, useClipboardCopy } from './list/CopyUrl';
export { Highlight } from './list/Highlight';
export { BusySpinner } from './list/BusySpinner';
export { EXPIRED_ROW_CLASS } from './list/ListTable';
export type { ExtraMenuItem } from './list/ListHeader';
export { PAGE_SIZE, BOTTOM_THRESHOLD_PX, SCROLL_DEBOUNCE_MS, UNGROUPED } from './list/constants';
export type { ListColumn, ListColumnType, ListRow, ListHandle, FetchPage, SearchTexts, ListId, Order } from './list/types';

export { ModalForm } from './modal-form/LazyModalForm';
export type { ModalFormProps } from './modal-form/ModalForm';
export { MODAL_FORM_WIDTH, MODAL_FORM_BODY_MAX_HEIGHT } from './modal-form/sizes';
export type { FormField, FieldType, FieldOption, FormValues, Dynamic } from './modal-form/types';
export { isEmptyValue } from './modal-form/rules';
export { debouncedCheck, EXISTS_CHECK_DEBOUNCE_MS } from './modal-form/debouncedCheck';
export { uniqueRule } from './modal-form/uniqueRule';

// The list's dialogs are not exported: GenericList fetches each when first opened, and a static import of one
// anywhere in a remote would put its code (and the list's other dialogs') back into the remote's first view.
export type { FormatDialogProps } from './format-dialog/FormatDialog';
export type { ExportItemsDialogProps, ExportOutcome } from './export-dialog/ExportItemsDialog';
export type { ImportModalProps } from './import-modal/ImportModal';
export type { FieldLabels } from './import-modal/importState';
export type { SyncModalProps, SyncPhase } from './sync-modal/SyncModal';
export type { AddItemsToModalProps } from './add-items-to/AddItemsToModal';
