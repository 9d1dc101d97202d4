import { VersionResponse } from '@portal/contract';
import type { App } from '../app';
import type { Deps } from '../services/context';

export function miscRoutes(app: App, deps: Deps): void {
  app.get(
    '/api/misc/version',
    {
      schema: { tags: ['misc'], summary: 'Server version', response: { 200: VersionResponse } },
    },
    async () => ({ version: deps.config.version }),
  );
}
