import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { loginErrorKey } from '@portal/i18n';
import { loginRequest, selectSession } from '@portal/session';

export interface LoginValues {
  userName: string;
  password: string;
}

export interface LoginController {
  loading: boolean;
  /** The §8 login message for the last failure, or null when there is none or it was closed. */
  errorMessage: string | null;
  closeError: () => void;
  submit: (values: LoginValues) => void;
}

/** Sign-in state and actions for the login screen; the session saga does the call. */
export function useLogin(): LoginController {
  const { t, i18n } = useTranslation('shell');
  const dispatch = useDispatch();
  const { loading, error, retryAt } = useSelector(selectSession);
  const [closed, setClosed] = useState(false);

  // A new failure shows again even after the previous one was closed.
  useEffect(() => setClosed(false), [error]);

  // `error` is the normalised code of the last failure ('' when the server gave none), null when none failed.
  const key = error !== null && !closed ? loginErrorKey(error) : null;
  const submit = useCallback(
    (values: LoginValues) => {
      dispatch(loginRequest({ userName: values.userName, password: values.password }));
    },
    [dispatch],
  );

  return {
    loading: Boolean(loading),
    // A locked-out account is told when it may sign in again (the server's Retry-After).
    errorMessage: key
      ? t(key, { time: retryAt === null ? '' : new Date(retryAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }) })
      : null,
    closeError: useCallback(() => setClosed(true), []),
    submit,
  };
}
