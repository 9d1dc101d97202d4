import { useState } from 'react';
import { Button, Card, Flex, Modal, Typography, Upload, type UploadFile, message as antdMessage } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { IMAGE_TYPES } from '@portal/contract';
import type { ImageSet } from '@portal/api';
import { CopyUrl } from '@portal/lists';
import { useSelfcheckTranslation } from '../i18n';
import { useSetImages, type CardImage } from './useSetImages';
import { logger } from '@portal/api';

export interface ImageSetCardProps {
  set: ImageSet;
  /** The public client URL of this set (data-areas §2), null while the user's token is unknown. */
  clientUrl: string | null;
  onEdit: () => void;
  /** Deletes the set (after the confirmation). */
  onDelete: () => Promise<void>;
}

const toUploadFile = (image: CardImage): UploadFile => ({
  uid: image.uid,
  name: image.name,
  status: image.status,
  url: image.url ?? undefined,
  thumbUrl: image.url ?? undefined,
});

/** A set's card: its picture-card upload list (new first), preview, delete image, edit and delete set, client URL. */
export function ImageSetCard({ set, clientUrl, onEdit, onDelete }: ImageSetCardProps) {
  const { t } = useSelfcheckTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antdMessage.useMessage();
  const { images, upload, remove, dismiss } = useSetImages(set.tid);
  const [preview, setPreview] = useState<CardImage | null>(null);

  const confirmRemove = (file: UploadFile) => {
    const image = images.find((i) => i.uid === file.uid);
    if (!image || image.status === 'error') {
      dismiss(file.uid);
      return false;
    }
    if (image.status !== 'done') return false;
    modal.confirm({
      title: t('imagesets.deleteImageConfirm'),
      okText: t('imagesets.yes'),
      cancelText: t('imagesets.no'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove(image.name);
        } catch (error) {
          logger.error('Image not deleted', error);
          void message.error(t('imagesets.deleteFailed'));
        }
      },
    });
    return false; // the list is ours: the card goes when the server has deleted the image
  };

  const confirmDeleteSet = () =>
    modal.confirm({
      title: t('imagesets.deleteImageSetConfirm'),
      okText: t('imagesets.yes'),
      cancelText: t('imagesets.no'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await onDelete();
        } catch (error) {
          logger.error('Image set not deleted', error);
          void message.error(t('imagesets.deleteFailed'));
        }
      },
    });

  return (
    <>
      {modalHolder}
      {messageHolder}
      <Card
        className="imageset-card"
        data-imageset={set.name}
        title={set.name}
        style={{ width: 420, maxWidth: '100%' }}
        extra={
          <Flex gap={4}>
            <Button type="text" icon={<EditOutlined />} aria-label={t('imagesets.edit')} title={t('imagesets.edit')} onClick={onEdit} />
            <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('imagesets.delete')} title={t('imagesets.delete')} onClick={confirmDeleteSet} />
          </Flex>
        }
      >
        {set.description ? <Typography.Paragraph type="secondary">{set.description}</Typography.Paragraph> : null}
        <Upload
          listType="picture-card"
          accept={IMAGE_TYPES.join(',')}
          multiple
          fileList={images.map(toUploadFile)}
          customRequest={({ file, onSuccess, onError }) => {
            const chosen = file as File;
            void upload(chosen).then((ok) => {
              if (ok) onSuccess?.({});
              else {
                onError?.(new Error('upload failed'));
                void message.error(`${t('imagesets.ErrorUploadingFileMessage')}: ${chosen.name}`);
              }
            });
          }}
          onPreview={(file) => setPreview(images.find((i) => i.uid === file.uid && i.url) ?? null)}
          onRemove={confirmRemove}
        >
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('imagesets.upload')}</div>
          </button>
        </Upload>
        {clientUrl ? (
          <div className="imageset-client-url" style={{ marginTop: 8 }}>
            <Typography.Text type="secondary">{t('imagesets.clientUrl')}: </Typography.Text>
            <CopyUrl url={clientUrl} />
          </div>
        ) : null}
        <Modal open={preview !== null} title={preview?.name} footer={null} onCancel={() => setPreview(null)} width={720}>
          {preview?.url ? <img alt={preview.name} src={preview.url} style={{ width: '100%' }} /> : null}
        </Modal>
      </Card>
    </>
  );
}
