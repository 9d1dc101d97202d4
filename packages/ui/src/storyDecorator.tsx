import type { ComponentType } from 'react';
import { PortalProviders } from './PortalProviders';

/** Stories render inside the same providers as the application (theme, i18n, direction, store). */
export const withPortalProviders = (Story: ComponentType) => (
  <PortalProviders>
    <Story />
  </PortalProviders>
);
