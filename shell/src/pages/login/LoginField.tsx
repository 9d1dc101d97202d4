import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginIcon, type LoginIconName } from './LoginIcon';
import { LOGIN_NS } from './locales';

export interface LoginFieldProps {
  /** The form field name; the input's id is `login_<name>` (like antd's Form named "login"). */
  name: string;
  label: string;
  icon: LoginIconName;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The rule's message, shown under the field. */
  error?: string;
  password?: boolean;
  autoComplete: string;
  autoFocus?: boolean;
}

/** A labelled input with its prefix icon and error message; a password field has a show/hide button after it. */
export function LoginField({ name, label, icon, value, onChange, error, password, autoComplete, autoFocus }: LoginFieldProps) {
  const { t } = useTranslation(LOGIN_NS);
  const [visible, setVisible] = useState(false);
  const id = `login_${name}`;
  const errorId = `${id}_help`;
  return (
    <div className={`portal-login__item${error ? ' portal-login__item--error' : ''}`}>
      <label className="portal-login__label" htmlFor={id}>
        {label}
      </label>
      <span className="portal-login__input">
        <LoginIcon name={icon} className="portal-login__prefix" />
        <input
          id={id}
          name={name}
          type={password && !visible ? 'password' : 'text'}
          value={value}
          onChange={onChange}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {password && (
          <button
            type="button"
            className="portal-login__toggle"
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
            aria-label={t(visible ? 'hidePassword' : 'showPassword')}
          >
            <LoginIcon name={visible ? 'EYE' : 'EYE_INVISIBLE'} />
          </button>
        )}
      </span>
      <div id={errorId} className="portal-login__error" aria-live="polite">
        {error}
      </div>
    </div>
  );
}
