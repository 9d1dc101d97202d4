import { useMemo } from 'react';
import { message as antdMessage } from 'antd';
import { createImageSet, type ImageSet, imageSetExists, logger, normalizeError, updateImageSet } from '@portal/api';
import { ModalForm, uniqueRule, type FormField } from '@portal/lists';
import { useSelfcheckTranslation } from '../i18n';

export interface ImageSetFormProps {
  open: boolean;
  /** The set being edited; null adds a new one. */
  imageSet: ImageSet | null;
  onClose: (saved?: ImageSet) => void;
}

const hasText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Add or edit an image set (data-areas §5): name required and unique (checked 300 ms after typing), description optional. */
export function ImageSetForm({ open, imageSet, onClose }: ImageSetFormProps) {
  const { t } = useSelfcheckTranslation();
  const [message, messageHolder] = antdMessage.useMessage();

  const fields = useMemo<FormField[]>(
    () => [
      {
        type: 'input',
        name: 'name',
        label: t('imagesets.name'),
        required: true,
        initialValue: imageSet?.name ?? '',
        rules: [
          uniqueRule(
            async (name) => (await imageSetExists({ imageSetId: imageSet?.tid ?? null, name: name.trim() })).exists,
            t('imagesets.NameAlreadyExistsMessage'),
          ),
        ],
      },
      { type: 'input', name: 'description', label: t('imagesets.description'), initialValue: imageSet?.description ?? '' },
    ],
    [imageSet, t],
  );

  const save = async (values: Record<string, unknown>) => {
    const input = { name: String(values.name).trim(), description: hasText(values.description) ? values.description.trim() : '' };
    try {
      onClose(imageSet ? await updateImageSet(imageSet.tid, input) : await createImageSet(input));
    } catch (error) {
      const { code } = normalizeError(error);
      logger.error('Image set not saved', error);
      void message.error(code === 'NameAlreadyExistsMessage' ? t('imagesets.NameAlreadyExistsMessage') : t('imagesets.saveFailed'));
    }
  };

  return (
    <>
      {messageHolder}
      <ModalForm
        open={open}
        title={imageSet ? t('imagesets.editImageSet') : t('imagesets.newImageSet')}
        fields={fields}
        onOk={save}
        onCancel={() => onClose()}
        showImport={false}
        showExport={false}
      />
    </>
  );
}
