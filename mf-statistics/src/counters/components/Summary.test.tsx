import { screen } from '@testing-library/react';
import { renderWithPortal } from '@portal/lists/src/testing/render';
import '../i18n';
import type { CounterInterval } from '../model/intervals';
import { Summary } from './Summary';

jest.setTimeout(60000);

const interval = {
  key: 1,
  enabled: true,
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  backupDate: '2026-12-04',
  region: { label: '4 Biblioteca Carles Rahola', sensor: false, capacity: 120 },
} as unknown as CounterInterval;

describe('Summary', () => {
  it("isolates the region's name and the period of each title, so right-to-left text cannot reorder them", () => {
    renderWithPortal(<Summary intervals={[{ interval, color: '#111', label: '4 Biblioteca Carles Rahola 2026/12', records: undefined }]} zoom={null} />);
    const card = screen.getByTestId('summary-card');
    const parts = [...card.querySelectorAll('bdi')].map((bdi) => bdi.textContent);
    expect(parts).toEqual(['4 Biblioteca Carles Rahola', '2026/12']);
    expect(card).toHaveTextContent('4 Biblioteca Carles Rahola 2026/12');
  });
});
