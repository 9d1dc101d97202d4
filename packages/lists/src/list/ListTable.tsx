import { memo, startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject, type UIEvent } from 'react';
import { Button, Space, Table, Tooltip, type TableProps } from 'antd';
import { DeleteOutlined, EditOutlined, SearchOutlined } from '@ant-design/icons';
import type { SorterResult } from 'antd/es/table/interface';
import { BRAND_PRIMARY, EXPIRED_ROW_COLORS } from '@portal/ui';
import { useListsTranslation } from '../i18n';
import { renderCell } from './cells';
import { ColumnSearch } from './ColumnSearch';
import { fitColumnWidths } from './columnWidths';
import { useListActions, useListSelection, useListState } from './ListContexts';
import type { SearchError } from './useListController';
import type { ListColumn, ListId, ListRow, Order, SearchTexts } from './types';

const ACTIONS_WIDTH = 96;
const SELECTION_WIDTH = 48;

/** Expired libraries get their own row style (spec data-areas §2), readable at WCAG AA (the shared expired colours). */
export const EXPIRED_ROW_CLASS = 'portal-list-row-expired';
const EXPIRED_ROW_STYLE = { color: EXPIRED_ROW_COLORS.color, backgroundColor: EXPIRED_ROW_COLORS.background, fontStyle: 'italic' } as const;
/** The virtual table draws its horizontal scrollbar over the rows' bottom: room below the last row keeps it visible. */
const TABLE_CLASS = 'portal-list-table';
const SCROLLBAR_ROOM = `.${TABLE_CLASS} .ant-table-tbody-virtual-holder { padding-bottom: 12px; }`;

export interface ListTableProps<T extends ListRow> {
  columns: ListColumn<T>[];
  height: number;
  selectable: boolean;
  onEdit?: (row: T) => void;
  onDeleteRow?: (row: T) => void;
  canDeleteRow?: (row: T) => boolean;
  /** Rows that offer no edit button (e.g. the synthetic UNGROUPED group). */
  canEditRow?: (row: T) => boolean;
  onRowDoubleClick?: (row: T) => void;
  isRowExpired?: (row: T) => boolean;
}

const toSortOrder = (order: Order, key: string) => (order && order[0] === key ? (order[1] === 'asc' ? 'ascend' : 'descend') : null);

/** What the rows show of the list's state: the header's counts (total, filtered…) are left out, so they re-render only the header. */
interface RowsState<T> {
  items: T[];
  loading: boolean;
  searchTexts: SearchTexts;
  order: Order;
  searchError: SearchError | null;
  hasMore: boolean;
}

/**
 * The rows of a generic list: antd's virtual table (only the visible rows are in the page, so ten thousand
 * loaded rows scroll smoothly). Cells re-render only when their row changes, not on selection changes.
 */
function ListTableView<T extends ListRow>(props: ListTableProps<T>) {
  const { items, loading, searchTexts, order, searchError, hasMore } = useListState<T>();
  return <ListRows<T> {...props} items={items} loading={loading} searchTexts={searchTexts} order={order} searchError={searchError} hasMore={hasMore} />;
}

/**
 * The table is rendered once its width is known: the columns are fitted to it from the first render (rendering
 * the table at a guessed width and again at the measured one would render it twice).
 */
function ListRowsView<T extends ListRow>(props: ListTableProps<T> & RowsState<T>) {
  const tableRef = useRef<HTMLDivElement>(null);
  const tableWidth = useWidth(tableRef);
  return (
    <div ref={tableRef} className={TABLE_CLASS}>
      {tableWidth !== null && <ListRowsTable<T> {...props} tableRef={tableRef} tableWidth={tableWidth} />}
      <RowActionTooltip rootRef={tableRef} rows={props.items} />
    </div>
  );
}

function ListRowsTable<T extends ListRow>({
  columns,
  height,
  selectable,
  onEdit,
  onDeleteRow,
  canDeleteRow,
  canEditRow,
  onRowDoubleClick,
  isRowExpired,
  items,
  loading,
  searchTexts,
  order,
  searchError,
  hasMore,
  tableRef,
  tableWidth,
}: ListTableProps<T> & RowsState<T> & { tableRef: RefObject<HTMLDivElement | null>; tableWidth: number }) {
  const { t, i18n } = useListsTranslation();
  const { selectedIds, setSelectedIds } = useListSelection();
  const actions = useListActions();
  const lastTrigger = useKeyboardSearchTriggers(tableRef, (column) => t('searchIn', { column }));
  const hasActions = Boolean(onEdit || onDeleteRow);
  const widths = useMemo(
    () => fitColumnWidths(columns, tableWidth - (selectable ? SELECTION_WIDTH : 0) - (hasActions ? ACTIONS_WIDTH : 0)),
    [columns, tableWidth, selectable, hasActions],
  );

  const tableColumns = useMemo(() => {
    const result: NonNullable<TableProps<T>['columns']> = columns.map((column, index) => {
      const search = searchTexts[column.key];
      return {
        key: column.key,
        title: column.title,
        width: widths[index],
        ellipsis: true,
        shouldCellUpdate: (row: T, prev: T) => row !== prev,
        render: (_: unknown, row: T) => renderCell(column, row, search, !isRowExpired?.(row), t),
        sorter: column.sortable !== false,
        sortOrder: toSortOrder(order, column.key),
        ...(column.searchable !== false
          ? {
              filteredValue: search ? [search] : null,
              // A refused search opens its box again with the message; closing it dismisses the message.
              filterDropdownProps:
                searchError?.key === column.key
                  ? {
                      open: true,
                      onOpenChange: (open: boolean) => {
                        if (!open) actions.clearSearchError();
                      },
                    }
                  : undefined,
              filterIcon: (filtered: boolean) => <SearchOutlined style={{ color: filtered ? BRAND_PRIMARY : undefined }} />,
              filterDropdown: ({ visible, close }: { visible: boolean; close: () => void }) => (
                <ColumnSearch
                  title={column.title}
                  value={search}
                  open={visible}
                  refused={searchError?.key === column.key ? searchError.text : undefined}
                  options={column.options}
                  onSearch={(text) => actions.setSearchText(column.key, text)}
                  close={() => {
                    close();
                    lastTrigger.current?.focus();
                  }}
                />
              ),
            }
          : {}),
      };
    });
    if (hasActions) {
      result.push({
        key: '__actions',
        title: '',
        // The row actions' header is named for screen readers (tables with headers); the screen shows no title.
        onHeaderCell: () => ({ 'aria-label': t('rowActions') }),
        width: ACTIONS_WIDTH,
        fixed: 'right',
        render: (_: unknown, row: T) => (
          <Space size={4}>
            {onEdit && (canEditRow?.(row) ?? true) && (
              <Button type="text" size="small" aria-label={t('edit')} {...ROW_ACTION} icon={<EditOutlined />} onClick={() => onEdit(row)} />
            )}
            {onDeleteRow && (canDeleteRow?.(row) ?? true) && (
              <Button type="text" size="small" danger aria-label={t('delete')} {...ROW_ACTION} icon={<DeleteOutlined />} onClick={() => onDeleteRow(row)} />
            )}
          </Space>
        ),
      });
    }
    return result;
  }, [columns, widths, hasActions, searchTexts, order, searchError, actions, t, onEdit, onDeleteRow, canDeleteRow, canEditRow, isRowExpired, lastTrigger]);

  useFillTable(tableRef, items.length, loading, hasMore, height);

  const scrollX = tableColumns.reduce((sum, c) => sum + Number(c.width), selectable ? SELECTION_WIDTH : 0);

  const onChange: TableProps<T>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return; // searches are applied by the column's own search box
    const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
    actions.setOrder(s?.order && s.columnKey ? [String(s.columnKey), s.order === 'ascend' ? 'asc' : 'desc'] : null);
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    actions.onScroll({ scrollTop, scrollHeight, clientHeight });
  };

  return (
    <>
      <style>{SCROLLBAR_ROOM}</style>
      <Table<T>
        // Cells only re-render when their row changes, so a language switch renders the table afresh.
        key={i18n.language}
        virtual
        size="small"
        rowKey="tid"
        columns={tableColumns}
        dataSource={items}
        pagination={false}
        loading={loading && items.length === 0}
        scroll={{ x: scrollX, y: height }}
        onChange={onChange}
        onScroll={onScroll}
        showSorterTooltip={false}
        rowSelection={
          selectable
            ? {
                columnWidth: SELECTION_WIDTH,
                selectedRowKeys: selectedIds,
                onChange: (keys) => setSelectedIds(keys as ListId[]),
                // A row that cannot be deleted cannot be picked for Delete selected either.
                getCheckboxProps: canDeleteRow ? (row: T) => ({ disabled: !canDeleteRow(row) }) : undefined,
                preserveSelectedRowKeys: false,
              }
            : undefined
        }
        rowClassName={(row) => (isRowExpired?.(row) ? EXPIRED_ROW_CLASS : '')}
        onRow={(row) => ({
          onDoubleClick: onRowDoubleClick ? () => onRowDoubleClick(row) : undefined,
          style: isRowExpired?.(row) ? EXPIRED_ROW_STYLE : undefined,
        })}
      />
    </>
  );
}

/**
 * antd leaves each column's search trigger out of the tab order (tabIndex -1) and unnamed: make it a tab stop named
 * 'Search {column}' that Enter and Space open (caught before the header cell, whose Enter sorts). Returns the
 * trigger used last, so the search box gives the focus back to it when it closes.
 */
function useKeyboardSearchTriggers(ref: RefObject<HTMLDivElement | null>, label: (column: string) => string) {
  const lastTrigger = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    root.querySelectorAll<HTMLElement>('.ant-table-filter-trigger').forEach((trigger) => {
      // antd's hidden measure row repeats the header: its copies stay out of the tab order.
      trigger.tabIndex = trigger.closest('[aria-hidden="true"]') ? -1 : 0;
      const title = trigger.closest('th')?.querySelector('.ant-table-column-title')?.textContent ?? '';
      trigger.setAttribute('aria-label', label(title));
    });
    const onKeyDown = (event: KeyboardEvent) => {
      const trigger = event.target as HTMLElement;
      if (!trigger.classList?.contains('ant-table-filter-trigger') || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      event.stopPropagation();
      lastTrigger.current = trigger;
      trigger.click();
    };
    root.addEventListener('keydown', onKeyDown, true);
    return () => root.removeEventListener('keydown', onKeyDown, true);
  });
  return lastTrigger;
}

/** Marks a row's action button: its name (aria-label) is shown in the table's one RowActionTooltip. */
const ROW_ACTION = { 'data-row-action': '' };
const ROW_ACTION_SELECTOR = '[data-row-action]';

/**
 * The row actions' tooltip, one for the whole table: shown at the action button under the pointer, above it. A
 * tooltip around every button made each row heavier to render (two per row). The buttons themselves are never
 * replaced or re-rendered on hover, so a click lands on the button the pointer reached.
 */
function RowActionTooltip({ rootRef, rows }: { rootRef: RefObject<HTMLDivElement | null>; rows: unknown[] }) {
  const [shown, setShown] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return undefined;
    const actionOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>(ROW_ACTION_SELECTOR) : null);
    const over = (event: MouseEvent) => {
      const button = actionOf(event.target);
      if (button) setShown(button);
    };
    const out = (event: MouseEvent) => {
      const button = actionOf(event.target);
      if (button && !(event.relatedTarget instanceof Node && button.contains(event.relatedTarget))) setShown(null);
    };
    const hide = () => setShown(null);
    root.addEventListener('mouseover', over);
    root.addEventListener('mouseout', out);
    // Scrolled rows move (or leave the virtual table) under a tooltip placed where the button was.
    root.addEventListener('scroll', hide, true);
    return () => {
      root.removeEventListener('mouseover', over);
      root.removeEventListener('mouseout', out);
      root.removeEventListener('scroll', hide, true);
    };
  }, [rootRef]);
  // New rows may have replaced the button.
  useEffect(() => setShown(null), [rows]);
  if (!shown?.isConnected) return null;
  const box = shown.getBoundingClientRect();
  return (
    <Tooltip open title={shown.getAttribute('aria-label')} key={`${box.left},${box.top}`}>
      <span aria-hidden style={{ position: 'fixed', left: box.left, top: box.top, width: box.width, height: box.height, pointerEvents: 'none' }} />
    </Tooltip>
  );
}

/**
 * The element's width, followed as the window or the sidebar changes it: null until measured (0 where nothing is
 * laid out). The table it sizes renders as a transition, in slices after the page around it is painted.
 */
function useWidth(ref: RefObject<HTMLDivElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => startTransition(() => setWidth(element.clientWidth));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The virtual table's scrolling body (rc-virtual-list's holder), or the plain body when it is not virtual. */
const SCROLL_BODY = '.ant-table-tbody-virtual-holder, .ant-table-body';

/**
 * After each page is laid out, asks for the next one while the rows do not reach the table's bottom (a tall screen
 * or a zoomed-out browser shows more than 25 rows, leaving nothing to scroll): the rule is actions.fill.
 */
function useFillTable(ref: RefObject<HTMLDivElement | null>, rows: number, loading: boolean, hasMore: boolean, height: number) {
  const actions = useListActions();
  useEffect(() => {
    if (loading || !hasMore || rows === 0) return undefined;
    const frame = requestAnimationFrame(() => {
      const body = ref.current?.querySelector<HTMLElement>(SCROLL_BODY);
      // A body not laid out (hidden, or no layout engine) measures 0: nothing to fill.
      if (body && body.clientHeight > 0) actions.fill({ scrollTop: body.scrollTop, scrollHeight: body.scrollHeight, clientHeight: body.clientHeight });
    });
    return () => cancelAnimationFrame(frame);
  }, [ref, rows, loading, hasMore, height, actions]);
}

/** Memoised: the list's owner re-renders on every state change, the rows only when their inputs do. */
export const ListTable = memo(ListTableView) as typeof ListTableView;
const ListRows = memo(ListRowsView) as typeof ListRowsView;
