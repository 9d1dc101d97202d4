import type { ReactNode } from 'react';
import { Alert, Button, Modal, Progress, Result, Space, Spin, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { ImportRequest, ItemsCountResult } from '@portal/api';
import { UPLOAD_ACCEPT } from '@portal/contract';
import { FailureDetails } from '../failures/FailureDetails';
import { useListsTranslation } from '../i18n';
import { SheetMapping } from './SheetMapping';
import { TextLayoutChoice } from './TextLayoutChoice';
import type { FieldLabels } from './importState';
import { useImportController } from './useImportController';

/** data-areas §9: the Import modal is 640 wide. */
export const IMPORT_MODAL_WIDTH = 640;

export interface ImportModalProps {
  open: boolean;
  /** One new list per sheet (the multi-import of catalogues and search lists). */
  multiple?: boolean;
  title?: ReactNode;
  /** The labels the list shows for the item fields: the mapping offers them and maps headers holding them. */
  fieldLabels?: FieldLabels;
  onImport: (request: ImportRequest) => Promise<ItemsCountResult>;
  /** imported: whether items were imported (the list then reloads). */
  onClose: (imported: boolean) => void;
}

/** The Import modal: drop area, upload progress, sheet preview with column mapping, result or error. */
export function ImportModal({ open, multiple = false, title, fieldLabels, onImport, onClose }: ImportModalProps) {
  const { t } = useListsTranslation();
  const c = useImportController(onImport, multiple, fieldLabels);
  const { state } = c;

  const importing = state.phase === 'importing';
  // Cancel waits for a running import (the server is reading the file); after an import that ran,
  // finished or failed, closing reloads the list.
  const cancel = () => {
    if (importing) return;
    const attempted = state.importAttempted;
    c.discard();
    onClose(attempted);
  };
  const finish = () => {
    c.discard();
    onClose(true);
  };

  const dropArea = (
    <Upload.Dragger
      accept={UPLOAD_ACCEPT}
      multiple={false}
      showUploadList={false}
      beforeUpload={(file) => {
        void c.upload(file);
        return false;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{t('importModal.dropText')}</p>
      <p className="ant-upload-hint">{t('importModal.dropHint')}</p>
    </Upload.Dragger>
  );
  const tryAgain = (
    <Button size="small" onClick={c.tryAgain}>
      {t('importModal.tryAgain')}
    </Button>
  );

  let body: ReactNode;
  switch (state.phase) {
    case 'noFile':
      body = state.uploadFailedFor ? (
        <Alert type="error" showIcon title={t('ErrorUploadingFileMessage', { fileName: state.uploadFailedFor })} action={tryAgain} />
      ) : (
        dropArea
      );
      break;
    case 'uploading':
      body = (
        <div>
          <Typography.Text>{t('importModal.uploading', { fileName: state.originalName })}</Typography.Text>
          <Progress percent={state.progress} status="active" />
        </div>
      );
      break;
    case 'reading':
      body = (
        <Spin description={t('importModal.reading')}>
          <div style={{ height: 120 }} />
        </Spin>
      );
      break;
    case 'ready':
    case 'importing':
      body = (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text strong>{state.originalName}</Typography.Text>
          {state.sheets[0]?.encoding && <TextLayoutChoice sheet={state.sheets[0]} disabled={importing} onChange={(choice) => void c.reread(choice)} />}
          <SheetMapping
            sheets={state.sheets}
            sheetIndex={state.sheetIndex}
            mapping={state.mappings[state.sheetIndex]}
            fieldLabels={fieldLabels}
            showsSheetScope={c.showsSheetScope}
            scope={state.scope}
            disabled={importing}
            onSelectSheet={c.selectSheet}
            onScope={c.setScope}
            onMap={c.mapColumn}
          />
          {!c.importEnabled && state.phase === 'ready' && <Typography.Text type="warning">{t('importModal.mapHint')}</Typography.Text>}
        </Space>
      );
      break;
    case 'result': {
      // The total is also the count that picks the language's plural form.
      const total = state.result?.numItems ?? 0;
      body = <Result status="success" title={t('importModal.result', { imported: state.result?.numItemsInserted ?? 0, total, count: total })} />;
      break;
    }
    case 'error':
      body = (
        <Alert
          type="error"
          showIcon
          title={t('importModal.failed')}
          action={tryAgain}
          description={state.error ? <FailureDetails failure={state.error} /> : undefined}
        />
      );
      break;
  }

  const footer =
    state.phase === 'result'
      ? [
          <Button key="close" type="primary" onClick={finish}>
            {t('close')}
          </Button>,
        ]
      : [
          <Button key="cancel" disabled={importing} onClick={cancel}>
            {t('cancel')}
          </Button>,
          <Button
            key="import"
            type="primary"
            disabled={!c.importEnabled && state.phase !== 'importing'}
            loading={state.phase === 'importing'}
            onClick={() => void c.runImport()}
          >
            {t('importModal.import')}
          </Button>,
        ];

  return (
    <Modal
      open={open}
      title={title ?? t('importModal.title')}
      width={IMPORT_MODAL_WIDTH}
      footer={footer}
      onCancel={state.phase === 'result' ? finish : cancel}
      closable={!importing}
      keyboard={!importing}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
