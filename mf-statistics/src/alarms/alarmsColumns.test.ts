import { i18n } from '@portal/i18n';
import { alarmsColumns } from './alarmsColumns';
import { ALARMS_NS } from './i18n';

it('exports the circulation status as the screen shows it, in the user’s language; the activation flag as Yes/No', () => {
  const columns = alarmsColumns(i18n.getFixedT('es', ALARMS_NS));
  expect(columns.find((c) => c.key === 'circulationStatus')?.exportValues).toMatchObject({ '03': '03 - Disponible' });
  // A boolean column: the list writes Yes/No in the user's language for it.
  expect(columns.find((c) => c.key === 'alarmActivated')?.type).toBe('boolean');
});
