import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import type { LoginValues } from './useLogin';

export type LoginField = keyof LoginValues;
export const LOGIN_FIELDS: readonly LoginField[] = ['userName', 'password'];

/** The spec's required-field messages (shell namespace keys): 'Please input your user name!' / '… password!'. */
export const REQUIRED_MESSAGE_KEYS: Record<LoginField, string> = {
  userName: 'login.userNameRequired',
  password: 'login.passwordRequired',
};

/** The message key of each field that breaks its rule (both are required; an empty text is missing). */
export function loginErrors(values: LoginValues): Partial<Record<LoginField, string>> {
  return Object.fromEntries(LOGIN_FIELDS.filter((field) => values[field] === '').map((field) => [field, REQUIRED_MESSAGE_KEYS[field]]));
}

export interface LoginFormController {
  values: LoginValues;
  /** Message keys shown now: a field's rule is checked once it was changed, and every field's at submit. */
  errors: Partial<Record<LoginField, string>>;
  onChange: (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** The login form's values and validation, like antd's Form with `required` rules: submit only when both are given. */
export function useLoginForm(submit: (values: LoginValues) => void): LoginFormController {
  const [values, setValues] = useState<LoginValues>({ userName: '', password: '' });
  const [checked, setChecked] = useState<Record<LoginField, boolean>>({ userName: false, password: false });

  const onChange = useCallback(
    (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target;
      setValues((previous) => ({ ...previous, [field]: value }));
      setChecked((previous) => (previous[field] ? previous : { ...previous, [field]: true }));
    },
    [],
  );

  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setChecked({ userName: true, password: true });
      if (Object.keys(loginErrors(values)).length === 0) submit(values);
    },
    [submit, values],
  );

  const all = loginErrors(values);
  const errors = Object.fromEntries(LOGIN_FIELDS.filter((field) => checked[field] && all[field]).map((field) => [field, all[field]]));
  return { values, errors, onChange, onSubmit };
}
