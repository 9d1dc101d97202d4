import { expectCompleteTranslations, i18n } from '@portal/i18n';
import { describeFailure } from './failure';
import { failuresResources } from './i18n';

/** An axios-like error with the server's answer. */
const answer = (status: number, data: unknown) => Object.assign(new Error('Request failed'), { response: { status, data } });

const refused = (count: number, shown = count) =>
  answer(400, {
    code: 'IMPORT_FAILED',
    message: `${count} row(s) refused; nothing was imported`,
    details: {
      errorCount: count,
      errors: Array.from({ length: shown }, (_, i) => ({
        sheet: 'Fondo',
        row: i + 2,
        code: i % 2 ? 'VALUE_TOO_LONG' : 'AtLeastOneCodeMessage',
        ...(i % 2 ? { field: 'field1' } : {}),
      })),
    },
  });

describe('describeFailure', () => {
  beforeEach(() => i18n.changeLanguage('en-GB'));

  it('shows the translated message and the first refused rows (sheet, row, reason) with "and N more"', () => {
    expect(describeFailure(refused(240, 100))).toEqual({
      message: 'Rows refused: 240. Nothing was imported.',
      rows: [
        'Fondo, row 2: code or object ID required',
        'Fondo, row 3: Field 1 is longer than 255 characters',
        'Fondo, row 4: code or object ID required',
        'Fondo, row 5: Field 1 is longer than 255 characters',
        'Fondo, row 6: code or object ID required',
      ],
      more: 235,
    });
    expect(describeFailure(refused(2)).more).toBe(0);
  });

  it('translates sync refusals (rows without a sheet), sync failures and names already in use — never a bare code', async () => {
    await i18n.changeLanguage('es');
    const sync = describeFailure(
      answer(502, { code: 'SYNC_FAILED', message: 'Some items were refused', details: { errors: [{ row: 3, code: 'CODE_REQUIRED', field: 'code' }] } }),
    );
    expect(sync).toEqual({ message: 'Elementos rechazados: 1. No se ha sincronizado nada.', rows: ['Fila 3: se necesita código'], more: 0 });
    expect(describeFailure(answer(502, { code: 'SYNC_FAILED', message: 'fetch failed' })).message).toBe(
      'No se ha podido leer la URL de sincronización o no contiene una lista de elementos',
    );
    expect(describeFailure(answer(409, { code: 'NameAlreadyExistsMessage' })).message).toBe('Ya existe una lista con este nombre');
    expect(describeFailure(answer(400, { code: 'EmptyCodeColumnsMessage', details: { sheet: 'Hoja1' } })).message).toMatch(/^Hoja Hoja1: las columnas/);
    expect(describeFailure(answer(413, { code: 'TOO_MANY_ROWS', details: { limit: 2000000 } })).message).toContain('2000000');
    expect(describeFailure(answer(500, { code: 'SOMETHING_NEW' })).message).toBe('Se ha producido un error desconocido');
    expect(describeFailure(new Error('Network Error')).message).toBe('Se ha producido un error desconocido');
  });
});

it('has every failure and preview text in all nine locales with the same placeholders', () => {
  expect(() => expectCompleteTranslations(failuresResources)).not.toThrow();
  for (const lng of ['es', 'ca', 'fr', 'pt', 'nl', 'pl', 'ar'] as const) {
    expect(failuresResources[lng].failures.codes.EmptyCodeColumnsMessage).not.toBe(failuresResources['en-GB'].failures.codes.EmptyCodeColumnsMessage);
  }
});
