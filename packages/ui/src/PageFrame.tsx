import { Flex, theme, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface PageFrameProps {
  title: ReactNode;
  /** Actions at the end of the title row (buttons, menus). */
  extra?: ReactNode;
  children?: ReactNode;
  /** The page is still arriving: marked aria-busy, so assistive technologies (and checks) wait for it. */
  busy?: boolean;
}

/**
 * The frame of a content page: a title row with optional actions, then the page. The title is the page's h1 (drawn
 * at antd's h4 size), so every page's outline starts with its name.
 */
export function PageFrame({ title, extra, children, busy }: PageFrameProps) {
  const { token } = theme.useToken();
  return (
    <section className="portal-page" style={{ padding: 16 }} aria-busy={busy || undefined}>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4 }}>
          {title}
        </Typography.Title>
        {extra ? (
          <Flex gap={8} wrap>
            {extra}
          </Flex>
        ) : null}
      </Flex>
      {children}
    </section>
  );
}
