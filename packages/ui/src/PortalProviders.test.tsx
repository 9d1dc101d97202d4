import { act, render, screen } from '@testing-library/react';
import { setLanguage, useTranslation } from '@portal/i18n';
import { createPortalStore, selectIsLoggedIn } from '@portal/session';
import { Button, ConfigProvider } from 'antd';
import { useContext } from 'react';
import { useSelector } from 'react-redux';
import { PortalProviders } from './PortalProviders';
import { portalThemeFor } from './theme';

function Probe() {
  const { direction, locale } = useContext(ConfigProvider.ConfigContext);
  const { t } = useTranslation('common');
  const loggedIn = useSelector(selectIsLoggedIn);
  return <p data-testid="probe">{`${direction ?? 'ltr'}|${locale?.locale}|${t('cancel')}|${String(loggedIn)}`}</p>;
}

afterEach(async () => {
  await act(() => setLanguage('es'));
});

describe('PortalProviders', () => {
  it('gives children the store, i18n and antd in Spanish by default', async () => {
    await act(() => setLanguage('es'));
    render(
      <PortalProviders store={createPortalStore().store}>
        <Probe />
      </PortalProviders>,
    );
    expect(screen.getByTestId('probe')).toHaveTextContent('ltr|es|Cancelar|false');
  });

  it('switches antd to right-to-left with the Arabic locale when the language becomes ar', async () => {
    render(
      <PortalProviders>
        <Probe />
      </PortalProviders>,
    );
    await act(() => setLanguage('ar'));
    expect(screen.getByTestId('probe')).toHaveTextContent('rtl|ar|إلغاء|false');
    await act(() => setLanguage('fr'));
    expect(screen.getByTestId('probe')).toHaveTextContent('ltr|fr|Annuler|false');
  });

  it("gives the root the text style antd's App gave: the theme's colour, font and line height, right to left in Arabic", async () => {
    await act(() => setLanguage('es'));
    render(
      <PortalProviders>
        <Probe />
      </PortalProviders>,
    );
    const root = screen.getByTestId('probe').parentElement!;
    expect(root).toHaveStyle({ color: 'rgba(0, 0, 0, 0.88)', fontSize: '14px', lineHeight: String(22 / 14) });
    expect(root.style.fontFamily).toMatch(/^-apple-system/);
    expect(root.style.direction).toBe('');
    await act(() => setLanguage('ar'));
    expect(root.style.direction).toBe('rtl');
    // No antd App: its holders of message, notification and Modal are no root's.
    expect(document.querySelector('.ant-app')).toBeNull();
  });

  it("draws antd with its static styles when built: at run time only the theme's CSS variables, under the portal key", () => {
    // The theme a build gets (web tests keep antd's runtime styles: ./theme).
    render(
      <ConfigProvider theme={portalThemeFor('production')}>
        <Button type="primary">Go</Button>
      </ConfigProvider>,
    );
    expect(screen.getByRole('button', { name: 'Go' })).toHaveClass('ant-btn', 'portal'); // the key the variables are under
    // innerHTML gives a style element's full text (the web tests reduce what jsdom sees: visibilityCss).
    const written = [...document.querySelectorAll('style[data-rc-order]')].map((style) => style.innerHTML).join('\n');
    expect(written).toMatch(/\.portal\{[^}]*--ant-color-primary:\s*#0958d9/i);
    // No rule of a component's own (antd/dist/antd.css has them): only its variables (.portal.ant-btn{--ant-button-…}).
    expect(written).toMatch(/\.portal\.ant-btn\{--ant-button-/);
    expect(written).not.toMatch(/\.ant-btn[^{]*\{[^}]*(^|[{;])(cursor|display|padding|color)\s*:/m);
  });

  it('keeps a rendering failure inside its boundary', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    await act(() => setLanguage('en-GB'));
    const Broken = () => {
      throw new Error('boom');
    };
    render(
      <PortalProviders>
        <Broken />
      </PortalProviders>,
    );
    // The status page's antd Result is a chunk of its own (StatusResult).
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
