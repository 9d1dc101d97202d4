import { screen } from '@testing-library/react';
import { setLanguage } from '@portal/i18n';
import { renderShell } from '../../layout/testing/renderShell';

jest.setTimeout(60_000); // a loaded CI lane renders antd slowly

beforeAll(async () => {
  await setLanguage('en-GB');
});

describe('About', () => {
  it('shows the server version, the deployed support contact and the copyright with the current year', async () => {
    const { requests } = await renderShell({
      user: 'manager',
      path: '/about',
      server: {
        'GET /api/misc/version': () => ({ status: 200, data: { version: '2.4.1' } }),
        'GET /portal-config.json': () => ({ status: 200, data: { productName: 'Biblio Red', supportEmail: 'ayuda@biblio.es', newsUrl: '' } }),
      },
    });
    expect(await screen.findByText('2.4.1')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toContain('GET /api/misc/version');
    expect(await screen.findByText('ayuda@biblio.es')).toBeInTheDocument();
    expect(screen.getByText('Contact')).toBeInTheDocument();
    expect(screen.getByText('ayuda@biblio.es').closest('a')).toHaveAttribute('href', 'mailto:ayuda@biblio.es');
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()}`))).toBeInTheDocument();
  });

  it('shows no placeholder address when no support address is deployed', async () => {
    const { requests } = await renderShell({
      user: 'manager',
      path: '/about',
      server: { 'GET /api/misc/version': () => ({ status: 200, data: { version: '2.4.1' } }) },
    });
    expect(await screen.findByText('2.4.1')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toContain('GET /portal-config.json');
    expect(screen.queryByText('Contact')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/example/);
  });
});
