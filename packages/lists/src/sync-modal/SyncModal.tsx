import { useState } from 'react';
import { Alert, Modal, Result, Spin, Typography } from 'antd';
import type { ItemsCountResult } from '@portal/api';
import { describeFailure, type Failure } from '../failures/failure';
import { FailureDetails } from '../failures/FailureDetails';
import { useListsTranslation } from '../i18n';
import { useOnOpening } from '../useOnOpening';
import { logger } from '@portal/api';

/** data-areas §4 Sync: confirm, syncing, success (synced of total) or error. */
export type SyncPhase = 'confirm' | 'syncing' | 'success' | 'error';

export interface SyncModalProps {
  open: boolean;
  syncUrl: string;
  onSync: () => Promise<ItemsCountResult>;
  /** synced: the items changed (the list then reloads). */
  onClose: (synced: boolean) => void;
}

/** Asks to sync with the shown URL; once there is a result the buttons are disabled and only closing is left. */
export function SyncModal({ open, syncUrl, onSync, onClose }: SyncModalProps) {
  const { t } = useListsTranslation();
  const [phase, setPhase] = useState<SyncPhase>('confirm');
  const [result, setResult] = useState<ItemsCountResult | null>(null);
  const [error, setError] = useState<Failure | null>(null);

  useOnOpening(open, () => {
    setPhase('confirm');
    setResult(null);
    setError(null);
  });

  const sync = async () => {
    setPhase('syncing');
    try {
      setResult(await onSync());
      setPhase('success');
    } catch (e) {
      logger.error('Sync failed', e);
      setError(describeFailure(e));
      setPhase('error');
    }
  };
  const hasResult = phase === 'success' || phase === 'error';

  return (
    <Modal
      open={open}
      title={t('sync.title')}
      okText={t('sync.ok')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: hasResult, loading: phase === 'syncing' }}
      cancelButtonProps={{ disabled: hasResult || phase === 'syncing' }}
      closable={phase !== 'syncing'}
      mask={{ closable: false }}
      onOk={() => void sync()}
      onCancel={() => {
        if (phase !== 'syncing') onClose(phase === 'success');
      }}
    >
      {phase === 'confirm' && (
        <>
          <Typography.Paragraph>{t('sync.confirm')}</Typography.Paragraph>
          <Typography.Text code copyable>
            {syncUrl}
          </Typography.Text>
        </>
      )}
      {phase === 'syncing' && (
        <Spin description={t('sync.syncing')}>
          <div style={{ height: 80 }} />
        </Spin>
      )}
      {phase === 'success' && result && (
        <Result status="success" title={t('sync.result', { synced: result.numItemsInserted, total: result.numItems, count: result.numItems })} />
      )}
      {phase === 'error' && <Alert type="error" showIcon title={t('sync.error')} description={error ? <FailureDetails failure={error} /> : undefined} />}
    </Modal>
  );
}
