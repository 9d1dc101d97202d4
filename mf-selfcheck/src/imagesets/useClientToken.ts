import { createElement, Fragment, useCallback, useEffect, useState } from 'react';
import { Modal, message as antdMessage } from 'antd';
import { getUser, logger, rotateImageSetToken } from '@portal/api';
import { selectSession, useAppSelector } from '@portal/session';
import { useSelfcheckTranslation } from '../i18n';

/**
 * The signed-in user's image-set token (the client URLs' own, apart from the capacities link's), read from their
 * user record, and Rotate: after a confirmation a new token replaces it, and the old client URLs stop working.
 * null while unknown (no client URL is shown then).
 */
export function useClientToken() {
  const { t } = useSelfcheckTranslation();
  const [modal, modalHolder] = Modal.useModal();
  const [message, messageHolder] = antdMessage.useMessage();
  const { userId } = useAppSelector(selectSession);
  const [token, setToken] = useState<string | null>(null);
  const [rotating, setRotating] = useState(false);

  useEffect(() => {
    if (userId === null) return;
    let live = true;
    getUser(userId)
      .then((user) => {
        if (live) setToken(user.imageSetToken);
      })
      .catch((error: unknown) => logger.error('Image-set token not loaded', error));
    return () => {
      live = false;
    };
  }, [userId]);

  const rotate = useCallback(async () => {
    if (userId === null) return;
    setRotating(true);
    try {
      setToken((await rotateImageSetToken(userId)).token);
      void message.success(t('imagesets.rotated'));
    } catch (error) {
      logger.error('Image-set token not rotated', error);
      void message.error(t('imagesets.rotateFailed'));
    } finally {
      setRotating(false);
    }
  }, [userId, message, t]);

  const confirmRotate = () =>
    modal.confirm({
      title: t('imagesets.rotateConfirm'),
      content: t('imagesets.rotateWarning'),
      okText: t('imagesets.rotate'),
      okButtonProps: { danger: true },
      cancelText: t('imagesets.cancel'),
      onOk: rotate,
    });

  // The dialogs' and messages' holders, rendered by the page (they take its theme, language and direction).
  const holder = createElement(Fragment, null, modalHolder, messageHolder);
  return { token, rotating, confirmRotate, holder };
}
