/**
 * The answers of the dashboard's first calls started at sign-in (prefetch.ts), kept as they arrive so the page's
 * first render shows them at once: without them every widget first rendered a spinner, and the page
 * rendered again a moment later when the same answers came out of their already settled promises. Each answer is
 * shown once (the widget takes it when it mounts; Refresh, another week or another selection ask the server), only
 * within SHARED_READ_TTL_MS of its call (as long as @portal/api keeps the read), and all are forgotten when the user
 * signs out.
 */
import { SHARED_READ_TTL_MS } from '@portal/api';
import type { SummarySource, WeeklySource } from './sources';

interface Answer {
  value: unknown;
  at: number;
}

const answers = new Map<string, Answer>();

/** A summary source's answer for these store ids. */
export const summaryKey = (source: SummarySource, ids: readonly number[]): string => `${source}?${ids.join(',')}`;

/** A weekly chart's answer for these store ids and week. */
export const weeklyKey = (source: WeeklySource, ids: readonly number[], weekStartDay: number, date: string): string =>
  `${source}?${ids.join(',')}&${weekStartDay}&${date}`;

/** Keeps `promise`'s answer under `key` once it arrives (a failure keeps nothing: the widget asks and reports it). */
export function keepFirstAnswer(key: string, promise: Promise<unknown>): void {
  const asked = Date.now(); // aged from the call, like the shared read it came from
  promise.then(
    (value) => {
      answers.set(key, { value, at: asked });
    },
    () => undefined,
  );
}

/** The answer kept under `key`, if asked within the last SHARED_READ_TTL_MS (does not take it: renders may repeat). */
export function peekFirstAnswer<T>(key: string): T | undefined {
  const answer = answers.get(key);
  if (!answer) return undefined;
  if (Date.now() - answer.at >= SHARED_READ_TTL_MS) {
    answers.delete(key);
    return undefined;
  }
  return answer.value as T;
}

/** Takes the answer kept under `key` (the widget that showed it mounted): later renders and rounds ask again. */
export function takeFirstAnswer<T>(key: string): T | undefined {
  const value = peekFirstAnswer<T>(key);
  answers.delete(key);
  return value;
}

/** Forgets every kept answer (signing out; tests). */
export function forgetFirstAnswers(): void {
  answers.clear();
}
