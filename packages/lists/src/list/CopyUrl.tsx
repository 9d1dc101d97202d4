import { useEffect, useRef, useState } from 'react';
import { Button, Tooltip, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useListsTranslation } from '../i18n';
import { logger } from '@portal/api';

/** data-areas §9: the 'Copied!' tooltip shows for 2 s. */
export const COPIED_TOOLTIP_MS = 2000;

/**
 * Copies `text` to the clipboard on `copy()`; `copied` is true for COPIED_TOOLTIP_MS afterwards (a failed copy is
 * logged and shows nothing).
 */
export function useClipboardCopy(text: string): { copied: boolean; copy: () => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      logger.error('Not copied', error);
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_TOOLTIP_MS);
  };
  return { copied, copy };
}

/** A URL as a link with a copy button that confirms with a 'Copied!' tooltip for 2 seconds. */
export function CopyUrl({ url, showLink = true }: { url: string; showLink?: boolean }) {
  const { t } = useListsTranslation();
  const { copied, copy } = useClipboardCopy(url);

  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: '100%' }}>
      {showLink && (
        // Wrapped anywhere rather than cut: whoever wires a device reads it whole, and a narrow screen still fits it.
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Typography.Link>
      )}
      <Tooltip title={t('copied')} open={copied}>
        <Button
          type="text"
          size="small"
          aria-label={t('copyUrl')}
          icon={<CopyOutlined />}
          onClick={(e) => {
            e.stopPropagation();
            void copy();
          }}
        />
      </Tooltip>
    </span>
  );
}
