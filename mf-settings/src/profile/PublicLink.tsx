import { useState } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, Modal, message as antdMessage } from 'antd';
import { logger, rotatePublicToken } from '@portal/api';
import { CopyUrl } from '@portal/lists';
import { publicTokenChanged, useAppDispatch } from '@portal/session';
import { useSettingsTranslation } from '../i18n';

/** The public occupancy display of the user's libraries. */
export const capacitiesPath = (token: string): string => `/capacities/${encodeURIComponent(token)}`;

/**
 * The capacities link of the signed-in user, and Rotate: after a confirmation, a new public token replaces the old one,
 * whose capacities links and image-set client URLs stop working at once.
 */
export function PublicLink({ userId, token, onRotated }: { userId: number; token: string; onRotated: (token: string) => void }) {
  const { t } = useSettingsTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antdMessage.useMessage();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);

  const rotate = async () => {
    setBusy(true);
    try {
      const { token: next } = await rotatePublicToken(userId);
      dispatch(publicTokenChanged(next));
      onRotated(next);
      void message.success(t('profile.rotated'));
    } catch (error) {
      logger.error('Public token not rotated', error);
      void message.error(t('profile.rotateFailed'));
    } finally {
      setBusy(false);
    }
  };

  const confirm = () =>
    modal.confirm({
      title: t('profile.rotateConfirm'),
      content: t('profile.rotateWarning'),
      okText: t('profile.rotate'),
      okButtonProps: { danger: true },
      cancelText: t('profile.cancel'),
      onOk: rotate,
    });

  return (
    <>
      {modalHolder}
      {messageHolder}
      <Flex vertical gap={8} align="flex-start">
        <CopyUrl url={`${window.location.origin}${capacitiesPath(token)}`} />
        <Typography.Text type="secondary">{t('profile.rotateHelp')}</Typography.Text>
        <Button icon={<ReloadOutlined />} loading={busy} onClick={confirm}>
          {t('profile.rotate')}
        </Button>
      </Flex>
    </>
  );
}
