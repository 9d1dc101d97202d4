import { useCallback, useState, type ComponentType, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useStore } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { signOut } from '@portal/api';
import { logout, type RootState } from '@portal/session';
import type { LogoutConfirmProps } from './LogoutConfirm';

/** The confirmation's chunk (antd's Modal, which no first view needs). */
const loadLogoutConfirm = () => import(/* webpackChunkName: "logout-confirm" */ './LogoutConfirm');

/** Fetches the confirmation ahead of the click (the avatar menu pointed at or focused). */
export const prefetchLogoutConfirm = (): void => {
  loadLogoutConfirm().catch(() => undefined);
};

/**
 * Logout with confirmation. Render the returned holder once. The server is told (best effort: the local session
 * ends whatever it answers) so the token stops working. When the confirmation's chunk cannot be fetched (the
 * network is gone), the browser's own confirm asks instead, so logging out still works.
 */
export function useLogout(): { confirmLogout: () => void; holder: ReactElement } {
  const { t } = useTranslation('shell');
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const store = useStore<RootState>();
  const [dialog, setDialog] = useState<{ Confirm: ComponentType<LogoutConfirmProps>; asked: number } | null>(null);

  const logoutNow = useCallback(() => {
    const { token } = store.getState().auth;
    if (token) signOut(token).catch(() => undefined);
    dispatch(logout());
    navigate('/auth/login', { replace: true });
  }, [dispatch, navigate, store]);

  const confirmLogout = useCallback(() => {
    loadLogoutConfirm().then(
      ({ LogoutConfirm }) => setDialog((shown) => ({ Confirm: LogoutConfirm, asked: (shown?.asked ?? 0) + 1 })),
      () => {
        if (window.confirm(`${t('logout.confirmTitle')}\n${t('logout.confirmText')}`)) logoutNow();
      },
    );
  }, [logoutNow, t]);

  const holder = dialog ? <dialog.Confirm asked={dialog.asked} onOk={logoutNow} /> : <></>;
  return { confirmLogout, holder };
}
