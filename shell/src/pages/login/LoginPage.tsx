import { useTranslation } from 'react-i18next';
import { LoginField } from './LoginField';
import { LoginIcon } from './LoginIcon';
import { ParticleField } from './ParticleField';
import { useLogin } from './useLogin';
import { useLoginForm } from './useLoginForm';
import './locales';
import './LoginPage.css';

/**
 * /auth/login: the only screen reachable while logged out. Plain HTML and CSS drawn like antd's Card, Form,
 * Input, Alert and Button, without antd: the first visit loads no antd, and the shell loads the rest
 * while the user types (bootstrap.tsx).
 */
export function LoginPage() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const { loading, errorMessage, closeError, submit } = useLogin();
  const { values, errors, onChange, onSubmit } = useLoginForm(submit);
  const error = (key?: string) => (key ? t(key) : undefined);

  return (
    <div className="portal-login">
      <ParticleField />
      <main className="portal-login__card">
        <h1 className="portal-login__title">{t('login.title')}</h1>
        {errorMessage && (
          <div className="portal-login__alert" role="alert">
            <LoginIcon name="CLOSE_CIRCLE" className="portal-login__alert-icon" />
            <span className="portal-login__alert-message">{errorMessage}</span>
            <button type="button" className="portal-login__alert-close" aria-label={tc('close')} onClick={closeError}>
              <LoginIcon name="CLOSE" />
            </button>
          </div>
        )}
        <form name="login" autoComplete="off" noValidate onSubmit={onSubmit}>
          <LoginField
            name="userName"
            label={t('login.userName')}
            icon="USER"
            value={values.userName}
            onChange={onChange('userName')}
            error={error(errors.userName)}
            autoComplete="off"
            autoFocus
          />
          <LoginField
            name="password"
            label={t('login.password')}
            icon="LOCK"
            value={values.password}
            onChange={onChange('password')}
            error={error(errors.password)}
            autoComplete="new-password"
            password
          />
          <button
            type="submit"
            className="portal-login__submit"
            aria-busy={loading}
            onClick={(event) => {
              if (loading) event.preventDefault();
            }}
          >
            {loading && <LoginIcon name="LOADING" className="portal-login__spin" />}
            {t('login.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
