import { screen } from '@testing-library/react';
import { setLanguage } from '@portal/i18n';
import { renderShell } from '../../layout/testing/renderShell';
import { SUPPORT_EMAIL } from './support';

jest.setTimeout(20_000);

beforeAll(async () => { await setLanguage('en-GB'); });

describe('About', () => {
  it('shows the server version, the support contact and the copyright with the current year', async () => {
    const { requests } = await renderShell({
      user: 'manager', path: '/about', server: { 'GET /api/misc/version': () => ({ status: 200, data: { version: '2.4.1' } }) },
    });
    expect(await screen.findByText('2.4.1')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toContain('GET /api/misc/version');
    expect(screen.getByText('Contact')).toBeInTheDocument();
    expect(screen.getByText(SUPPORT_EMAIL).closest('a')).toHaveAttribute('href', `mailto:${SUPPORT_EMAIL}`);
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
  });
});
