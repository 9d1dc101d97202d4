import { i18n } from '@portal/i18n';
import { itemEventColumns } from './columns';
import { ITEM_EVENTS_NS } from './i18n';

it('exports the event type as the screen shows it, in the user’s language', () => {
  const type = (lng: string) =>
    itemEventColumns(
      i18n.getFixedT(lng, ITEM_EVENTS_NS),
      () => undefined,
      () => true,
    ).find((c) => c.key === 'type');
  expect(type('es')?.exportValues).toEqual({ INVENTORY: 'Inventario', ALARM: 'Alarma', SIP_OPERATION: 'Operación SIP' });
  expect(type('en-GB')?.exportValues).toMatchObject({ ALARM: 'Alarm' });
});
