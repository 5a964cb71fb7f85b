import { Col, Row } from 'antd';
import { StatCard, type StatCardProps } from './StatCard';

export interface StatCardGridProps {
  /** The key figures, in reading order (a screen shows four). */
  cards: readonly StatCardProps[];
  /** Skeletons instead of values, for every card that does not set its own `loading`. */
  loading?: boolean;
}

/** The row of key figures above a list: two cards a row on phones, four on large screens. */
export function StatCardGrid({ cards, loading = false }: StatCardGridProps) {
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      {cards.map((card, index) => (
        // A fixed set of cards that never reorders: its position is its identity.
        <Col key={index} xs={12} lg={6}>
          <StatCard {...card} loading={card.loading ?? loading} />
        </Col>
      ))}
    </Row>
  );
}
