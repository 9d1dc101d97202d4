import { Spin } from 'antd';

/**
 * A small spinner that says what it waits for (e.g. 'Counting…') to screen readers: a status named by `label`
 * around antd's Spin, which is a plain div (axe refuses an aria-label on it: aria-prohibited-attr).
 */
export function BusySpinner({ label }: { label: string }) {
  return (
    <span role="status" aria-label={label}>
      <Spin size="small" />
    </span>
  );
}
