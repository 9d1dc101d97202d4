import { Alert, Form, Input, Modal, Radio, Result, Select, Spin, Tabs } from 'antd';
import type { ListId } from '@portal/api';
import { FailureDetails } from '../failures/FailureDetails';
import { useListsTranslation } from '../i18n';
import type { AddTargetKind, AddTargetMode } from './addItemsToState';
import { useAddItemsTo } from './useAddItemsTo';

export interface AddItemsToModalProps {
  open: boolean;
  storeId: number;
  /** The kind of list the items come from (the {from} of the call). */
  from: string;
  parentId?: ListId;
  compareId?: ListId;
  /** The selected items; empty adds every item matching searchTexts. */
  itemIds: ListId[];
  searchTexts: Record<string, string>;
  onClose: () => void;
}

/** Add Items To: tabs Catalogue and Search List, each New or Existing; INIT → ADDING → SUCCESS | FAILED. */
export function AddItemsToModal({ open, storeId, from, parentId, compareId, itemIds, searchTexts, onClose }: AddItemsToModalProps) {
  const { t } = useListsTranslation();
  // Item ids of the server's lists are integers.
  const ids = itemIds.map(Number).filter(Number.isInteger);
  const c = useAddItemsTo(open, { storeId, from, parentId, compareId, itemIds: ids, searchTexts });
  const done = c.status === 'SUCCESS' || c.status === 'FAILED';
  const close = () => {
    c.reset();
    onClose();
  };

  const targetForm = (kind: AddTargetKind) => (
    <Form layout="vertical" disabled={c.status !== 'INIT'}>
      <Form.Item>
        <Radio.Group value={c.mode} onChange={(e) => c.setMode(e.target.value as AddTargetMode)}>
          <Radio value="new">{t('addTo.new')}</Radio>
          <Radio value="existing">{t('addTo.existing')}</Radio>
        </Radio.Group>
      </Form.Item>
      {c.mode === 'new' ? (
        <Form.Item
          label={t('addTo.name')}
          htmlFor={`add-to-${kind}-name`}
          validateStatus={c.fieldError ? 'error' : undefined}
          help={c.fieldError ? t(c.fieldError) : undefined}
        >
          <Input id={`add-to-${kind}-name`} value={c.name} onChange={(e) => c.setName(e.target.value)} onPressEnter={() => void c.submit()} />
        </Form.Item>
      ) : (
        <Form.Item
          label={t(kind === 'catalogues' ? 'addTo.catalogue' : 'addTo.searchList')}
          htmlFor={`add-to-${kind}-target`}
          validateStatus={c.fieldError ? 'error' : undefined}
          help={c.fieldError ? t(c.fieldError) : undefined}
        >
          <Select
            id={`add-to-${kind}-target`}
            showSearch={{ optionFilterProp: 'label' }}
            value={c.targetId ?? undefined}
            onChange={(id: ListId) => c.setTargetId(id)}
            options={c.targets.map((target) => ({ value: target.tid, label: target.name }))}
          />
        </Form.Item>
      )}
    </Form>
  );

  return (
    <Modal
      open={open}
      title={itemIds.length > 0 ? t('addTo.titleSelected', { count: itemIds.length }) : t('addTo.titleAll')}
      okText={done ? t('ok') : t('addTo.add')}
      cancelText={t('cancel')}
      okButtonProps={{ loading: c.status === 'ADDING' }}
      cancelButtonProps={{ disabled: c.status === 'ADDING' }}
      // After a result, OK or cancel return to INIT and close.
      onOk={() => (done ? close() : void c.submit())}
      onCancel={() => {
        if (c.status !== 'ADDING') close();
      }}
      mask={{ closable: false }}
    >
      {c.status === 'SUCCESS' && c.result && (
        <Result status="success" title={t('addTo.success', { inserted: c.result.numItemsInserted, total: c.result.numItems, count: c.result.numItems })} />
      )}
      {c.status === 'FAILED' && (
        <Alert type="error" showIcon title={t('addTo.failed')} description={c.failure ? <FailureDetails failure={c.failure} /> : undefined} />
      )}
      {!done && (
        <Spin spinning={c.status === 'ADDING'} description={t('addTo.adding')}>
          <Tabs
            activeKey={c.kind}
            onChange={(key) => c.setKind(key as AddTargetKind)}
            items={[
              // One set of inputs, shown in the active tab only.
              { key: 'catalogues', label: t('addTo.catalogue'), children: c.kind === 'catalogues' ? targetForm('catalogues') : null },
              { key: 'searchLists', label: t('addTo.searchList'), children: c.kind === 'searchLists' ? targetForm('searchLists') : null },
            ]}
          />
        </Spin>
      )}
    </Modal>
  );
}
