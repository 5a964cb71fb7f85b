import { useId, type ReactNode } from 'react';
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

/** A key figure: label, big value, optional icon and hint (a group named by its label, for screen readers and tests). */
export function StatCard({ title, value, icon, hint, color = zunftColors.primary, loading = false }: StatCardProps) {
  const titleId = useId();
  return (
    <Card
      size="small"
      styles={{ body: { padding: 16 } }}
      style={{ height: '100%' }}
      role="group"
      aria-labelledby={titleId}
      aria-busy={loading || undefined}
    >
      <Flex justify="space-between" align="flex-start" gap={8}>
        <div style={{ minWidth: 0 }}>
          {/* A long German label in a half-width phone card breaks with a hyphen ('Unterschrie-ben'). */}
          <Typography.Text id={titleId} type="secondary" style={{ fontSize: 13, hyphens: 'auto' }}>
            {title}
          </Typography.Text>
          {loading ? (
            <Skeleton.Input active size="small" style={{ marginTop: 8, width: 80 }} />
          ) : (
            <div
              style={{
                // One line on a 390 px phone too ('CHF 1'234.50' in a half-width card).
                fontSize: 'clamp(18px, 5vw, 26px)',
                whiteSpace: 'nowrap',
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
              // Smaller on phones, so a label like 'Angenommen' keeps its line in a half-width card.
              width: 'clamp(32px, 9vw, 44px)',
              height: 'clamp(32px, 9vw, 44px)',
              borderRadius: 12,
              background: `${color}14`,
              color,
              fontSize: 'clamp(16px, 4.5vw, 20px)',
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
