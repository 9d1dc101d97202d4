import { i18n, registerTranslations } from '@portal/i18n';
import { manifest } from '../manifest';
import { resources } from '../locales';
import { sipColumns } from './sipColumns';

registerTranslations(manifest.namespace, resources);

it('exports type and status as the screen shows them, in the user’s language', () => {
  const columns = sipColumns(i18n.getFixedT('es', manifest.namespace));
  const values = (key: string) => columns.find((c) => c.key === key)?.exportValues;
  expect(values('type')).toMatchObject({ CHECKIN: 'Devolución', CHECKOUT: 'Préstamo', RENEW: 'Renovación' });
  expect(values('status')).toMatchObject({ SUCCESS: 'Correcto', ERROR: 'Error', WARNING: 'Aviso', PENDING: 'Pendiente' });
  expect(sipColumns(i18n.getFixedT('en-GB', manifest.namespace)).find((c) => c.key === 'type')?.exportValues).toMatchObject({ CHECKIN: 'Check-in' });
});
