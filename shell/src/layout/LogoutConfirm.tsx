import { Modal } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface LogoutConfirmProps {
  /** How many times Logout was chosen: each new value opens the confirmation once. */
  asked: number;
  onOk: () => void;
}

/**
 * The logout confirmation (spec: 'Are you sure you want to logout?' / 'You will be redirected to the login page'),
 * in a chunk of its own with antd's Modal: loaded when Logout is first pointed at or chosen (useLogout). Its
 * holder gives the dialog the app's theme and direction.
 */
export function LogoutConfirm({ asked, onOk }: LogoutConfirmProps) {
  const { t } = useTranslation('shell');
  const [modal, holder] = Modal.useModal();
  const shown = useRef(0);
  useEffect(() => {
    if (asked === shown.current) return;
    shown.current = asked;
    void modal.confirm({
      title: t('logout.confirmTitle'),
      content: t('logout.confirmText'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk,
    });
  }, [asked, modal, onOk, t]);
  return holder;
}
