/** Test helpers of this package: the real providers (a fresh store each time), texts in British English. */
import type { ReactElement, ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { i18n } from '@portal/i18n';
import { createPortalStore, type PortalStore } from '@portal/session';
import { PortalProviders } from '@portal/ui';
import '../i18n';

void i18n.changeLanguage('en-GB');
// antd in jsdom is slow on a busy machine: give findBy/waitFor more than the default second.
configure({ asyncUtilTimeout: 5000 });

export function renderWithPortal(ui: ReactElement, { store = createPortalStore().store, path = '/' }: { store?: PortalStore; path?: string } = {}) {
  // A wrapper (not a wrapped element) so that rerender() keeps the providers.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <PortalProviders store={store}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </PortalProviders>
  );
  return Object.assign(render(ui, { wrapper }), { store });
}

/** The text of a Blob or File (jsdom has no Blob.text()). */
export { readBlobText } from '../format/readBlobText';

/** A page answer for a fetchPage mock. */
export const page = <T,>(items: T[], total = items.length) => ({ items, total });
