import type { ReactNode } from 'react';
import { Card, Flex, Skeleton, Typography } from 'antd';
import { zunftColors } from './theme';

export interface StatCardProps {
  title: ReactNode;
  value: ReactNode;
  icon?: ReactNode;
  /** Small line below the value, e.g. '3 neu diesen Monat'. */
  hint?: ReactNode;
  /** Accent colour of the icon tile. */
  color?: string;
  loading?: boolean;
}

/** A key figure: label, big value, optional icon and hint. */
export function StatCard({ title, value, icon, hint, color = zunftColors.primary, loading = false }: StatCardProps) {
  return (
    <Card size="small" styles={{ body: { padding: 16 } }} style={{ height: '100%' }}>
      <Flex justify="space-between" align="flex-start" gap={12}>
        <div style={{ minWidth: 0 }}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {title}
          </Typography.Text>
          {loading ? (
            <Skeleton.Input active size="small" style={{ marginTop: 8, width: 80 }} />
          ) : (
            <div
              style={{
                fontSize: 26,
                fontWeight: 650,
                lineHeight: 1.25,
                marginTop: 4,
                fontVariantNumeric: 'tabular-nums',
              }}
            >
              {value}
            </div>
          )}
          {hint && !loading ? (
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', marginTop: 4 }}>
              {hint}
            </Typography.Text>
          ) : null}
        </div>
        {icon ? (
          <span
            aria-hidden
            style={{
              display: 'grid',
              placeItems: 'center',
              width: 44,
              height: 44,
              borderRadius: 12,
              background: `${color}14`,
              color,
              fontSize: 20,
              flex: 'none',
            }}
          >
            {icon}
          </span>
        ) : null}
      </Flex>
    </Card>
  );
}
