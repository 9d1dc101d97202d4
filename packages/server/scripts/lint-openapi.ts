/**
 * Lints an OpenAPI document, read as JSON from standard input, with Redocly's rules as packages/server/redocly.yaml
 * sets them (the recommended set, with the reasons for what it turns off), and prints the problems as a JSON array of
 * { ruleId, severity, message, pointer }. src/plugins/docs.test.ts runs it in its own process: the linter ships only
 * as ES modules, which jest's CommonJS runtime does not load. By hand, with the server running:
 *   curl -s http://localhost:8080/api/docs/json | npx tsx packages/server/scripts/lint-openapi.ts
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lintFromString, loadConfig } from '@redocly/openapi-core';

export interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  /** Where in the document, as a JSON pointer (#/paths/~1api~1users/get/…). */
  pointer: string | undefined;
}

async function main(): Promise<void> {
  const config = await loadConfig({ configPath: path.join(__dirname, '..', 'redocly.yaml') });
  const problems = await lintFromString({ source: readFileSync(0, 'utf8'), absoluteRef: 'openapi.json', config });
  const out: LintProblem[] = problems.map((p) => ({ ruleId: p.ruleId, severity: p.severity, message: p.message, pointer: p.location[0]?.pointer }));
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
