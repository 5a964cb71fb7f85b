import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { zunftColors } from './theme';

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons on the right; they wrap below the title on phones. */
  extra?: ReactNode;
  icon?: ReactNode;
}

/** Title row of a page: title, optional subtitle and actions. */
export function PageHeader({ title, subtitle, extra, icon }: PageHeaderProps) {
  return (
    <Flex
      className="zunft-page-header"
      justify="space-between"
      align="flex-start"
      gap={16}
      wrap="wrap"
      style={{ marginBottom: 24 }}
    >
      <Flex gap={12} align="center" style={{ minWidth: 0 }}>
        {icon ? <span style={{ fontSize: 28, lineHeight: 1, color: zunftColors.primary }}>{icon}</span> : null}
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 'clamp(1.35rem, 1.1rem + 1vw, 1.75rem)' }}>
            {title}
          </Typography.Title>
          {subtitle ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
              {subtitle}
            </Typography.Text>
          ) : null}
        </div>
      </Flex>
      {extra ? (
        <Flex gap={8} wrap="wrap">
          {extra}
        </Flex>
      ) : null}
    </Flex>
  );
}
