import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

export interface PageFrameProps {
  title: ReactNode;
  /** Actions at the end of the title row (buttons, menus). */
  extra?: ReactNode;
  children?: ReactNode;
}

/** The frame of a content page: a title row with optional actions, then the page. */
export function PageFrame({ title, extra, children }: PageFrameProps) {
  return (
    <section className="portal-page" style={{ padding: 16 }}>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>{title}</Typography.Title>
        {extra ? <Flex gap={8} wrap>{extra}</Flex> : null}
      </Flex>
      {children}
    </section>
  );
}
