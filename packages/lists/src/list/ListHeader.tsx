import { useRef, type ReactNode } from 'react';
import { Button, Dropdown, Space, Spin, Tag, Tooltip, Typography, type MenuProps } from 'antd';
import { DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useListsTranslation } from '../i18n';
import { BusySpinner } from './BusySpinner';
import { UNGROUPED } from './constants';
import { useListActions, useListSelection, useListState } from './ListContexts';
import type { ListId } from './types';

/** The menu entries of data-areas §2, in the spec's order; a list offers only those it supports. */
export type ListMenuKey = 'addAllItemsTo' | 'addSelectedItemsTo' | 'syncItems' | 'exportItems' | 'selectFields' | 'deleteAll' | 'refresh' | 'resetAllFilters';

export interface ExtraMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  onClick: () => void;
}

export interface ListHeaderProps {
  title?: ReactNode;
  extra?: ReactNode;
  parent?: { tid: ListId; onEdit: () => void };
  onAdd?: () => void;
  /** Called with the selected ids; absent: no Delete selected button. */
  onDeleteSelected?: (ids: ListId[]) => void;
  onImport?: () => void;
  menu: Partial<Record<ListMenuKey, () => void>>;
  extraMenuItems?: ExtraMenuItem[];
}

const MENU_ORDER: ListMenuKey[] = [
  'addAllItemsTo',
  'addSelectedItemsTo',
  'syncItems',
  'exportItems',
  'selectFields',
  'deleteAll',
  'refresh',
  'resetAllFilters',
];

/** Title, counts and the header actions of a generic list: Add, Delete selected, Import and the menu. */
export function ListHeader({ title, extra, parent, onAdd, onDeleteSelected, onImport, menu, extraMenuItems = [] }: ListHeaderProps) {
  const { t } = useListsTranslation();
  const { total, totalKnown, countFailed, loading, isFiltered, unfilteredTotal, items } = useListState();
  // 'Total' is the whole list's count; while a search is active the Filtered tag shows the rows it matches.
  const overall = isFiltered ? unfilteredTotal : total;
  const { countAgain } = useListActions();
  const { selectedIds } = useListSelection();
  const noneSelected = selectedIds.length === 0;

  const disabled: Partial<Record<ListMenuKey, boolean>> = { addSelectedItemsTo: noneSelected, resetAllFilters: !isFiltered };
  const menuItems: NonNullable<MenuProps['items']> = [
    ...extraMenuItems.map(({ key, label, icon }) => ({ key, label, icon })),
    ...(extraMenuItems.length > 0 ? [{ type: 'divider' as const }] : []),
    ...MENU_ORDER.filter((key) => menu[key]).map((key) => ({
      key,
      label: t(`menu.${key}`),
      disabled: disabled[key] ?? false,
      danger: key === 'deleteAll',
    })),
  ];
  const moreButton = useRef<HTMLButtonElement>(null);
  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    // The menu entry disappears: a dialog it opens must give the focus back to the menu's button when it closes.
    moreButton.current?.focus();
    // After this key's events: a dialog opened at once would get the Enter that picked the entry.
    setTimeout(() => {
      const extraItem = extraMenuItems.find((item) => item.key === key);
      if (extraItem) extraItem.onClick();
      else menu[key as ListMenuKey]?.();
    }, 0);
  };

  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', marginBottom: 12 }}>
      {/* Held to the page's width: a title wider than a narrow screen (the alarms filter) scrolls in itself. */}
      <Space wrap align="center" style={{ maxWidth: '100%' }} styles={{ item: { maxWidth: '100%', minWidth: 0 } }}>
        {title && (
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        )}
        {parent && parent.tid !== UNGROUPED && (
          <Tooltip title={t('editParent')}>
            <Button shape="circle" size="small" aria-label={t('editParent')} icon={<EditOutlined />} onClick={parent.onEdit} />
          </Tooltip>
        )}
        {totalKnown ? (
          overall !== null && <Typography.Text type="secondary">{t('totalCount', { count: overall })}</Typography.Text>
        ) : countFailed ? (
          <Button size="small" type="link" icon={<ReloadOutlined />} onClick={countAgain}>
            {t('countAgain')}
          </Button>
        ) : (
          <BusySpinner label={t('counting')} />
        )}
        {/* Not while a new search's first page loads: its count is not known yet (it read 'Filtered: 0'). */}
        {isFiltered && totalKnown && !(loading && items.length === 0) && <Tag color="blue">{t('filteredCount', { count: total })}</Tag>}
        {loading && items.length > 0 && <Spin size="small" />}
        {extra}
      </Space>
      <Space wrap>
        {onAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {t('add')}
          </Button>
        )}
        {onDeleteSelected && (
          <Button danger icon={<DeleteOutlined />} disabled={noneSelected} onClick={() => onDeleteSelected(selectedIds)}>
            {noneSelected ? t('deleteSelected') : t('deleteSelectedCount', { count: selectedIds.length })}
          </Button>
        )}
        {onImport && (
          <Button icon={<UploadOutlined />} onClick={onImport}>
            {t('import')}
          </Button>
        )}
        <Dropdown menu={{ items: menuItems, onClick: onMenuClick }} trigger={['click']}>
          <Button ref={moreButton} aria-label={t('moreActions')} icon={<MoreOutlined />} />
        </Dropdown>
      </Space>
    </div>
  );
}
