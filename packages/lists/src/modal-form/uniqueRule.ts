import type { Rule } from 'antd/es/form';
import { debouncedCheck } from './debouncedCheck';
import { logger } from '@portal/api';

/**
 * A form rule for "name required and unique" fields (data-areas §5): an empty value is left to the
 * required rule; otherwise `taken` is asked 300 ms after the last keystroke and a taken value fails with
 * `message`. A failing check lets the value pass: the server checks again on save.
 */
export function uniqueRule(taken: (value: string) => Promise<boolean>, message: string): Rule {
  const check = debouncedCheck(taken);
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      let exists = false;
      try {
        exists = await check(value);
      } catch (error) {
        logger.error('Exists check failed', error);
      }
      if (exists) throw new Error(message);
    },
  };
}
