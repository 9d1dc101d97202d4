import { Modal } from 'antd';
import { useCallback, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useStore } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { signOut } from '@portal/api';
import { logout, type RootState } from '@portal/session';

/**
 * Logout with confirmation (spec: 'Are you sure you want to logout?' / 'You will be redirected to the login
 * page'). Render the returned holder once so the confirm dialog gets the app's theme and direction. The
 * server is told (best effort: the local session ends whatever it answers) so the token stops working.
 */
export function useLogout(): { confirmLogout: () => void; holder: ReactElement } {
  const { t } = useTranslation('shell');
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const store = useStore<RootState>();
  const [modal, holder] = Modal.useModal();

  const confirmLogout = useCallback(() => {
    void modal.confirm({
      title: t('logout.confirmTitle'),
      content: t('logout.confirmText'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: () => {
        const { token } = store.getState().auth;
        if (token) signOut(token).catch(() => undefined);
        dispatch(logout());
        navigate('/auth/login', { replace: true });
      },
    });
  }, [dispatch, modal, navigate, store, t]);

  return { confirmLogout, holder };
}
