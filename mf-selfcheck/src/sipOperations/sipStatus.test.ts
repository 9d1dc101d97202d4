import { SIP_STATUSES } from '@portal/api';
import { sipStatusColor } from './sipStatus';

it('gives each SIP status its own colour and an unknown one none', () => {
  expect(SIP_STATUSES.map(sipStatusColor)).toEqual(['blue', 'green', 'orange', 'red']);
  expect(sipStatusColor('LOST')).toBe('default');
  expect(sipStatusColor('constructor')).toBe('default');
});
