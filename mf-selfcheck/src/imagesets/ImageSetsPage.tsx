import { useCallback, useEffect, useState } from 'react';
import { Button, Empty, Flex, Spin } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { deleteImageSet, getImageSets, type ImageSet, imageSetClientUrl, logger } from '@portal/api';
import { PageFrame, type PageProps } from '@portal/ui';
import { useSelfcheckTranslation } from '../i18n';
import { ImageSetCard } from './ImageSetCard';
import { ImageSetForm } from './ImageSetForm';
import { useClientToken } from './useClientToken';

/** /imagesets (data-areas §2): a card per image set of the user; add and edit in a modal; rotate the client URLs. */
/** The header's buttons wrap their label on a screen narrower than it (Spanish at 360 px). */
const WRAPPING = { maxWidth: '100%', whiteSpace: 'normal', height: 'auto' } as const;

export function ImageSetsPage({ title }: PageProps) {
  const { t } = useSelfcheckTranslation();
  const client = useClientToken();
  const [sets, setSets] = useState<ImageSet[] | null>(null);
  const [form, setForm] = useState<{ open: boolean; imageSet: ImageSet | null }>({ open: false, imageSet: null });

  const load = useCallback(() => {
    getImageSets()
      .then(setSets)
      .catch((error: unknown) => {
        logger.error('Image sets not loaded', error); // data-areas §8: no user message
        setSets([]);
      });
  }, []);
  useEffect(load, [load]);

  const closeForm = (saved?: ImageSet) => {
    setForm((f) => ({ ...f, open: false }));
    if (saved) load();
  };
  const remove = async (set: ImageSet) => {
    await deleteImageSet(set.tid);
    setSets((list) => list?.filter((s) => s.tid !== set.tid) ?? null);
  };

  return (
    <>
      {client.holder}
      <PageFrame
        title={title}
        extra={
          <Flex gap={8} wrap>
            <Button icon={<ReloadOutlined />} style={WRAPPING} loading={client.rotating} disabled={client.token === null} onClick={client.confirmRotate}>
              {t('imagesets.rotate')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} style={WRAPPING} onClick={() => setForm({ open: true, imageSet: null })}>
              {t('imagesets.add')}
            </Button>
          </Flex>
        }
      >
        {sets === null ? <Spin /> : null}
        {sets?.length === 0 ? <Empty description={t('imagesets.empty')} /> : null}
        <Flex wrap gap={16} align="flex-start">
          {sets?.map((set) => (
            <ImageSetCard
              key={set.tid}
              set={set}
              clientUrl={client.token ? imageSetClientUrl(window.location.origin, client.token, set.tid) : null}
              onEdit={() => setForm({ open: true, imageSet: set })}
              onDelete={() => remove(set)}
            />
          ))}
        </Flex>
        <ImageSetForm open={form.open} imageSet={form.imageSet} onClose={closeForm} />
      </PageFrame>
    </>
  );
}
