import { ExportFormat, PutFormatBody } from '@portal/contract';
import type { App } from '../app';
import { currentUser } from '../plugins/auth';
import type { Deps } from '../services/context';
import { readFormat, writeFormat } from '../services/format';

export function formatRoutes(app: App, deps: Deps): void {
  app.get(
    '/api/format',
    {
      schema: { tags: ['format'], summary: "The caller's export format", response: { 200: ExportFormat } },
    },
    (request) => readFormat(deps.db, currentUser(request).id),
  );

  app.put(
    '/api/format',
    {
      schema: { tags: ['format'], summary: "Save the caller's export format", body: PutFormatBody, response: { 200: ExportFormat } },
    },
    (request) => writeFormat(deps.db, currentUser(request).id, request.body, deps.config.now()),
  );
}
