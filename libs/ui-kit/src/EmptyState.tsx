import type { ReactNode } from 'react';
import { Empty, Flex, Typography } from 'antd';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** e.g. a 'Erstellen Sie Ihren ersten Kunden.' button */
  action?: ReactNode;
  icon?: ReactNode;
}

/** What a list shows when it has nothing: a short title, an explanation and the next step. */
export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '40px 16px', textAlign: 'center' }}>
      {icon ? (
        <div style={{ fontSize: 40, color: '#8a96a6', lineHeight: 1 }}>{icon}</div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />
      )}
      <Typography.Text strong style={{ fontSize: 16 }}>
        {title}
      </Typography.Text>
      {description ? <Typography.Text type="secondary">{description}</Typography.Text> : null}
      {action ? <div style={{ marginTop: 8 }}>{action}</div> : null}
    </Flex>
  );
}
