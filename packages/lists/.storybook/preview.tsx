import type { Decorator, Preview } from '@storybook/react';
import { MemoryRouter } from 'react-router-dom';
import { i18n, LOCALES, setLanguage } from '@portal/i18n';
import { createPortalStore } from '@portal/session';
import { PortalProviders } from '@portal/ui';
import '../src/i18n';
import { installMockApi, type MockRoutes } from './mockApi';

/** Every story gets the portal's providers with a fresh store, a router, its mocked calls and the chosen language. */
const withPortal: Decorator = (Story, context) => {
  installMockApi((context.parameters.api ?? {}) as MockRoutes);
  const locale = (context.globals.locale as string | undefined) ?? 'en-GB';
  if (i18n.language !== locale) void setLanguage(locale);
  const { store } = createPortalStore();
  return (
    <PortalProviders store={store}>
      <MemoryRouter>
        <div style={{ padding: 16 }}>
          <Story />
        </div>
      </MemoryRouter>
    </PortalProviders>
  );
};

const preview: Preview = {
  decorators: [withPortal],
  globalTypes: {
    locale: {
      description: 'Interface language',
      toolbar: { title: 'Language', icon: 'globe', items: [...LOCALES], dynamicTitle: true },
    },
  },
  initialGlobals: { locale: 'en-GB' },
  parameters: { layout: 'fullscreen' },
};

export default preview;
