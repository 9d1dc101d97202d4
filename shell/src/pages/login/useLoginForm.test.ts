import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent, FormEvent } from 'react';
import { loginErrors, useLoginForm } from './useLoginForm';

const change = (value: string) => ({ target: { value } }) as ChangeEvent<HTMLInputElement>;
const submitEvent = () => ({ preventDefault: jest.fn() }) as unknown as FormEvent<HTMLFormElement>;

describe('login form rules (access-shell-dashboard §5: user name and password required)', () => {
  it('names the message of each empty field', () => {
    expect(loginErrors({ userName: '', password: '' })).toEqual({ userName: 'login.userNameRequired', password: 'login.passwordRequired' });
    expect(loginErrors({ userName: 'ana', password: '' })).toEqual({ password: 'login.passwordRequired' });
    expect(loginErrors({ userName: 'ana', password: 'x' })).toEqual({});
  });

  it('shows nothing before a change or a submit, then the rule of the changed field only', () => {
    const { result } = renderHook(() => useLoginForm(jest.fn()));
    expect(result.current.errors).toEqual({});
    act(() => result.current.onChange('userName')(change('a')));
    act(() => result.current.onChange('userName')(change('')));
    expect(result.current.errors).toEqual({ userName: 'login.userNameRequired' });
  });

  it('submits the values only when both are given, and shows every missing one at submit', () => {
    const submit = jest.fn();
    const { result } = renderHook(() => useLoginForm(submit));
    const empty = submitEvent();
    act(() => result.current.onSubmit(empty));
    expect(empty.preventDefault).toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({ userName: 'login.userNameRequired', password: 'login.passwordRequired' });
    act(() => result.current.onChange('userName')(change('ana')));
    act(() => result.current.onChange('password')(change('secret')));
    expect(result.current.errors).toEqual({});
    act(() => result.current.onSubmit(submitEvent()));
    expect(submit).toHaveBeenCalledWith({ userName: 'ana', password: 'secret' });
  });
});
