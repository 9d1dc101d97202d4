import { Modal, Table, type TableColumnsType } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPIRED_ROW_COLORS } from '@portal/ui';
import { useChangeLibrary, type LibraryRow } from './useChangeLibrary';

const EXPIRED_ROW_STYLE = `.portal-library-expired td { color: ${EXPIRED_ROW_COLORS.color}; background: ${EXPIRED_ROW_COLORS.background}; }`;

/** Change Library: pick one library (Area, Province, City, Name); expired libraries cannot be picked. */
export function ChangeLibraryModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { rows, selectedId, select, confirm } = useChangeLibrary(open, onClose);
  const table = useRef<HTMLDivElement>(null);
  // Opened from the header's menu, whose closing hands the focus back to its button: once open, the focus goes to
  // the selected library's radio (or the first one that can be picked), where the arrow keys choose a library.
  const focusLibraries = (isOpen: boolean) => {
    if (!isOpen || table.current?.closest('.ant-modal')?.contains(document.activeElement)) return;
    const radio = (selector: string) => table.current?.querySelector<HTMLInputElement>(selector);
    (radio('input[type="radio"]:checked') ?? radio('input[type="radio"]:not(:disabled)'))?.focus();
  };

  const columns = useMemo<TableColumnsType<LibraryRow>>(
    () => [
      { title: t('changeLibrary.area'), dataIndex: 'area', key: 'area' },
      { title: t('changeLibrary.province'), dataIndex: 'province', key: 'province' },
      { title: t('changeLibrary.city'), dataIndex: 'city', key: 'city' },
      {
        title: t('changeLibrary.name'),
        dataIndex: 'name',
        key: 'name',
        render: (name: string, row) => (row.expired ? `${name} (${t('common:expired')})` : name),
      },
    ],
    [t],
  );

  return (
    <Modal
      title={t('changeLibrary.title')}
      open={open}
      onOk={confirm}
      onCancel={onClose}
      okButtonProps={{ disabled: selectedId === undefined }}
      width={720}
      destroyOnHidden
      afterOpenChange={focusLibraries}
    >
      <style>{EXPIRED_ROW_STYLE}</style>
      <div ref={table}>
        <Table<LibraryRow>
          rowKey="tid"
          size="small"
          columns={columns}
          dataSource={rows}
          pagination={rows.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          rowClassName={(row) => (row.expired ? 'portal-library-expired' : '')}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: selectedId === undefined ? [] : [selectedId],
            onChange: (keys) => {
              if (keys[0] !== undefined) select(Number(keys[0]));
            },
            getCheckboxProps: (row) => ({ disabled: row.expired, 'aria-label': row.name }),
          }}
          onRow={(row) => ({ onClick: () => select(row.tid) })}
        />
      </div>
    </Modal>
  );
}
