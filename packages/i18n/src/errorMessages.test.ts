import { exportErrorKey, i18n, loginErrorKey, setLanguage } from './index';

describe('loginErrorKey', () => {
  it('maps the three sign-in codes to their messages', async () => {
    await setLanguage('en-US');
    expect(i18n.t(loginErrorKey('USER_NOT_FOUND') as string)).toBe('User not found');
    expect(i18n.t(loginErrorKey('INVALID_PASSWORD') as string)).toBe('Invalid password');
    expect(i18n.t(loginErrorKey('USER_NO_PRIVILEGES') as string)).toBe('You do not have privileges to access this application');
  });

  it('reads "An unknown error occurred" for a missing code and nothing for other codes', () => {
    expect(i18n.t(loginErrorKey(undefined) as string)).toBe('An unknown error occurred');
    expect(i18n.t(loginErrorKey('') as string)).toBe('An unknown error occurred');
    expect(loginErrorKey('REQUEST_TIMEOUT')).toBeNull();
  });
});

describe('exportErrorKey', () => {
  it('has its own text for too many Excel rows and a generic one otherwise', async () => {
    await setLanguage('es');
    expect(i18n.t(exportErrorKey('MAX_XLS_ROWS_EXCEEDED'))).toBe('El número de filas supera el máximo permitido para las exportaciones a Excel');
    expect(i18n.t(exportErrorKey('NO_RESPONSE_DATA'))).toBe('Se ha producido un error al exportar los elementos');
  });
});
