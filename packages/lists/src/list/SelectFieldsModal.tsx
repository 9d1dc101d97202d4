import { useState } from 'react';
import { Button, Checkbox, List, Modal, Space } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useListsTranslation } from '../i18n';
import { useOnOpening } from '../useOnOpening';
import type { ListColumn } from './types';

interface SelectFieldsModalProps<T> {
  open: boolean;
  columns: readonly ListColumn<T>[];
  visibleKeys: string[];
  onSave: (keys: string[]) => void;
  onResetToDefault: () => void;
  onClose: () => void;
}

interface Choice {
  key: string;
  title: string;
  checked: boolean;
}

const initialChoices = <T,>(columns: readonly ListColumn<T>[], visibleKeys: string[]): Choice[] => {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const shown = visibleKeys.filter((key) => byKey.has(key)).map((key) => ({ key, title: byKey.get(key)!.title, checked: true }));
  const hidden = columns.filter((c) => !visibleKeys.includes(c.key)).map((c) => ({ key: c.key, title: c.title, checked: false }));
  return [...shown, ...hidden];
};

/** Select Fields: which columns show, in which order; saved per list (visibleColumns[listName]). */
export function SelectFieldsModal<T>({ open, columns, visibleKeys, onSave, onResetToDefault, onClose }: SelectFieldsModalProps<T>) {
  const { t } = useListsTranslation();
  const [choices, setChoices] = useState<Choice[]>(() => initialChoices(columns, visibleKeys));
  useOnOpening(open, () => setChoices(initialChoices(columns, visibleKeys)));

  const move = (index: number, delta: number) =>
    setChoices((prev) => {
      const next = [...prev];
      const [item] = next.splice(index, 1);
      next.splice(index + delta, 0, item);
      return next;
    });
  const toggle = (key: string, checked: boolean) => setChoices((prev) => prev.map((c) => (c.key === key ? { ...c, checked } : c)));
  const selected = choices.filter((c) => c.checked).map((c) => c.key);

  return (
    <Modal
      open={open}
      title={t('menu.selectFields')}
      onCancel={onClose}
      footer={[
        <Button
          key="reset"
          onClick={() => {
            onResetToDefault();
            onClose();
          }}
        >
          {t('resetToDefault')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          disabled={selected.length === 0}
          onClick={() => {
            onSave(selected);
            onClose();
          }}
        >
          {t('ok')}
        </Button>,
      ]}
    >
      <List
        size="small"
        dataSource={choices}
        renderItem={(choice, index) => (
          <List.Item
            actions={[
              <Button
                key="up"
                type="text"
                size="small"
                aria-label={t('moveUp', { column: choice.title })}
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              />,
              <Button
                key="down"
                type="text"
                size="small"
                aria-label={t('moveDown', { column: choice.title })}
                icon={<ArrowDownOutlined />}
                disabled={index === choices.length - 1}
                onClick={() => move(index, 1)}
              />,
            ]}
          >
            <Space>
              <Checkbox checked={choice.checked} onChange={(e) => toggle(choice.key, e.target.checked)}>
                {choice.title}
              </Checkbox>
            </Space>
          </List.Item>
        )}
      />
    </Modal>
  );
}
