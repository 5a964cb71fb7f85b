import { EditOutlined, PlusCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Row, Space, Tag, Typography } from 'antd';
import type { MaterialDto } from '@zunft/contracts';
import { formatCHF } from '@zunft/web-common';
import { DeleteButton } from '../../../shared/DeleteButton';
import { useTimeT } from '../../../shared/i18n';
import { formatQuantity, isLowStock } from './materialHelpers';

interface Props {
  materials: readonly MaterialDto[];
  /** Admin and backoffice edit and delete. */
  canManage: boolean;
  onEdit: (material: MaterialDto) => void;
  onDelete: (material: MaterialDto) => Promise<unknown>;
  onRecordUsage: (material: MaterialDto) => void;
}

/** Material cards (part 1 §2): stock, price and the low-stock warning. */
export function MaterialCards({ materials, canManage, onEdit, onDelete, onRecordUsage }: Props) {
  const t = useTimeT();
  return (
    <Row gutter={[12, 12]}>
      {materials.map((m) => {
        const low = isLowStock(m);
        return (
          <Col key={m.id} xs={24} md={12} xl={8}>
            <Card
              size="small"
              style={{ height: '100%', borderColor: low ? '#faad14' : undefined }}
              title={<span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{m.name}</span>}
              extra={
                low ? (
                  <Tag color="warning" icon={<WarningOutlined />}>
                    {t('materials.lowStock')}
                  </Tag>
                ) : null
              }
              data-testid={`material-${m.id}`}
            >
              <Flex vertical gap={8}>
                <div>
                  <Tag>{m.category ? t(`materials.categories.${m.category}`) : t('materials.noCategory')}</Tag>
                </div>
                {m.description ? <Typography.Text type="secondary">{m.description}</Typography.Text> : null}
                <Flex justify="space-between" gap={12} wrap="wrap">
                  <div>
                    <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                      {t('materials.stock')}
                    </Typography.Text>
                    <Typography.Text strong type={low ? 'warning' : undefined}>
                      {formatQuantity(m.stock_quantity, m.unit)}
                    </Typography.Text>
                  </div>
                  <div style={{ textAlign: 'right' }}>
                    <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                      {t('materials.price')}
                    </Typography.Text>
                    <Typography.Text strong>
                      {t('materials.perUnit', { price: formatCHF(m.unit_price), unit: m.unit })}
                    </Typography.Text>
                  </div>
                </Flex>
                {low ? (
                  <Alert
                    type="warning"
                    showIcon
                    title={t('materials.lowStock')}
                    description={t('materials.lowStockHint', {
                      stock: formatQuantity(m.stock_quantity, m.unit),
                      min: formatQuantity(m.min_stock, m.unit),
                    })}
                  />
                ) : null}
                <Flex gap={8} justify="space-between" wrap="wrap">
                  <Button icon={<PlusCircleOutlined />} onClick={() => onRecordUsage(m)}>
                    {t('materials.recordUsage')}
                  </Button>
                  {canManage ? (
                    <Space.Compact>
                      <Button
                        icon={<EditOutlined />}
                        onClick={() => onEdit(m)}
                        aria-label={`${t('common.edit')}: ${m.name}`}
                        title={t('common.edit')}
                      />
                      <DeleteButton
                        question={t('materials.deleteConfirm', { name: m.name })}
                        onConfirm={() => onDelete(m)}
                      />
                    </Space.Compact>
                  ) : null}
                </Flex>
              </Flex>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
