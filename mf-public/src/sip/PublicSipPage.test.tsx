import { screen, within } from '@testing-library/react';
import { SIP_SUMMARY_STATUSES, SIP_SUMMARY_TYPES, type PublicSipSummary } from '@portal/contract';
import { setLanguage } from '@portal/i18n';
import { advance, renderPublic, scriptFetch } from '../display/testing';

beforeAll(() => setLanguage('en-GB'));
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const summary: PublicSipSummary = {
  storeName: 'Biblioteca Sant Antoni',
  date: '2026-11-22',
  updatedAt: '2026-11-22 17:05:09',
  lastOperationAt: '2026-11-22 16:58:00',
  total: 4,
  counts: SIP_SUMMARY_TYPES.flatMap((type) =>
    SIP_SUMMARY_STATUSES.map((status) => ({
      type,
      status,
      count: type === 'CHECKOUT' && status === 'SUCCESS' ? 3 : type === 'CHECKIN' && status === 'ERROR' ? 1 : 0,
    })),
  ),
};

describe('/sipOperations/{storeCode}', () => {
  it("today's counts by type and status, totals and the times", async () => {
    const urls = scriptFetch(() => ({ status: 200, body: summary }));
    renderPublic('/sipOperations/BIB-001');
    await advance(10);
    expect(urls[0]).toBe('/api/public/sipOperations/BIB-001');
    expect(screen.getByRole('heading', { name: 'Self-service today' })).toBeInTheDocument();
    const loan = screen.getByRole('row', { name: /^Loan 0/ });
    expect(
      within(loan)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['0', '3', '0', '0', '3']);
    expect(screen.getByText(/Last operation: 16:58/)).toBeInTheDocument();
    expect(screen.getByText(/Updated at 17:05/)).toBeInTheDocument();
  });

  it('an unknown library code: a clear message', async () => {
    scriptFetch(() => ({ status: 404, body: { code: 'STORE_CODE_UNKNOWN' } }));
    renderPublic('/sipOperations/NOPE');
    await advance(10);
    expect(screen.getByRole('alert')).toHaveTextContent('There is no library with this code.');
  });
});
