/** Test helpers of this package: the real providers (a fresh store each time), texts in British English. */
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { i18n } from '@portal/i18n';
import { createPortalStore, type PortalStore } from '@portal/session';
import { PortalProviders } from '@portal/ui';
import '../i18n';

void i18n.changeLanguage('en-GB');

export function renderWithPortal(ui: ReactElement, { store = createPortalStore().store, path = '/' }: { store?: PortalStore; path?: string } = {}): RenderResult & { store: PortalStore } {
  const result = render(
    <PortalProviders store={store}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </PortalProviders>,
  );
  return { ...result, store };
}

/** A page answer for a fetchPage mock. */
export const page = <T,>(items: T[], total = items.length) => ({ items, total });
