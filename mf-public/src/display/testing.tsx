/** Test harness of the public pages: the real route table in a memory router, a scripted fetch. */
import '@testing-library/jest-dom'; // matcher types for the tests using this harness
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { registerTranslations } from '@portal/i18n';
import { App } from '../App';
import { resources } from '../locales';
import { manifest } from '../manifest';

registerTranslations(manifest.namespace, resources);

type Answer = { status: number; body: unknown } | 'down';

/** Replaces fetch: each call answers what `answer(url)` says at that moment ('down' = network failure). */
export function scriptFetch(answer: (url: string) => Answer): string[] {
  const urls: string[] = [];
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    urls.push(url);
    const a = answer(url);
    if (a === 'down') throw new TypeError('Failed to fetch');
    return { status: a.status, ok: a.status >= 200 && a.status < 300, json: async () => a.body } as Response;
  }) as typeof fetch;
  return urls;
}

export function renderPublic(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
}

export const advance = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
