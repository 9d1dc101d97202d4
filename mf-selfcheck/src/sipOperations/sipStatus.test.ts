import { SIP_STATUSES } from '@portal/api';
import { contrastRatio } from '@portal/ui';
import { sipStatusColor } from './sipStatus';

it('gives each SIP status its own colour and an unknown one none', () => {
  expect(new Set(SIP_STATUSES.map(sipStatusColor)).size).toBe(SIP_STATUSES.length);
  expect(sipStatusColor('LOST')).toBe('default');
  expect(sipStatusColor('constructor')).toBe('default');
});

it('writes every status in white on its colour at WCAG AA contrast (4.5:1)', () => {
  for (const status of SIP_STATUSES) expect([status, contrastRatio('#ffffff', sipStatusColor(status)) >= 4.5]).toEqual([status, true]);
});
