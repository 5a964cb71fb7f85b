import {
  EditOutlined,
  InboxOutlined,
  MailOutlined,
  PhoneOutlined,
  EnvironmentOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Button, Card, Col, Flex, Popconfirm, Row, Space, Table, Tag, Typography } from 'antd';
import type { CustomerDto } from '@zunft/contracts';
import { DeleteButton } from '../../../shared/DeleteButton';
import { useTimeT } from '../../../shared/i18n';

interface Props {
  customers: CustomerDto[];
  canEdit: boolean;
  onEdit: (customer: CustomerDto) => void;
  onDelete: (customer: CustomerDto) => Promise<unknown>;
  /** Archives (true) or restores (false) the customer (issue 26: one with invoices cannot be deleted). */
  onArchive: (customer: CustomerDto, archived: boolean) => Promise<unknown>;
}

/** The table while the next page loads (the paging itself is ListScreen's, under table and cards alike). */
interface TableLoading {
  loading?: boolean;
}

/** «3011 Bern»; abroad with the country first, as on the QR bill: «DE - 78462 Konstanz». */
function place(c: CustomerDto): string {
  const local = [c.zip, c.city].filter(Boolean).join(' ');
  return c.country && c.country !== 'CH' && local ? `${c.country} - ${local}` : local;
}

function Actions({
  customer,
  canEdit,
  onEdit,
  onDelete,
  onArchive,
  block,
}: Omit<Props, 'customers'> & { customer: CustomerDto; block?: boolean }) {
  const t = useTimeT();
  if (!canEdit) return null;
  const edit = (
    <Button icon={<EditOutlined />} onClick={() => onEdit(customer)} aria-label={t('common.edit')} block={block}>
      {block ? t('common.edit') : null}
    </Button>
  );
  const archive = customer.archived_at ? (
    <Button
      icon={<UndoOutlined />}
      onClick={() => void onArchive(customer, false)}
      aria-label={`${t('customers.unarchive')}: ${customer.name}`}
      block={block}
    >
      {block ? t('customers.unarchive') : null}
    </Button>
  ) : (
    <Popconfirm
      title={t('customers.archiveConfirm', { name: customer.name })}
      okText={t('customers.archive')}
      cancelText={t('common.cancel')}
      onConfirm={() => onArchive(customer, true)}
    >
      <Button icon={<InboxOutlined />} aria-label={`${t('customers.archive')}: ${customer.name}`} block={block}>
        {block ? t('customers.archive') : null}
      </Button>
    </Popconfirm>
  );
  const remove = (
    <DeleteButton
      block={block}
      question={t('customers.deleteConfirm', { name: customer.name })}
      onConfirm={() => onDelete(customer)}
    />
  );
  // A card (phone): labelled buttons sharing the row, each in a growing cell, so they wrap onto a second
  // line when the three do not fit — a joined Space.Compact of «Bearbeiten», «Archivieren» and «Löschen»
  // (button texts do not break) pushed «Löschen» past the right edge of a 390 px card. The table keeps
  // its joined icon buttons.
  if (block)
    return (
      <Flex gap={8} wrap="wrap" data-testid="customer-card-actions">
        {[edit, archive, remove].map((button, i) => (
          <div key={i} style={{ flex: '1 1 auto' }}>
            {button}
          </div>
        ))}
      </Flex>
    );
  return (
    <Space.Compact>
      {edit}
      {archive}
      {remove}
    </Space.Compact>
  );
}

export function CustomerTable({ loading, ...props }: Props & TableLoading) {
  const t = useTimeT();
  return (
    <Table<CustomerDto>
      rowKey="id"
      dataSource={props.customers}
      loading={loading}
      pagination={false}
      scroll={{ x: 760 }}
      columns={[
        {
          title: t('customers.columns.customer'),
          key: 'name',
          render: (_, c) => (
            <>
              <Typography.Text strong>{c.name}</Typography.Text>
              {c.archived_at ? <Tag style={{ marginLeft: 8 }}>{t('customers.archived')}</Tag> : null}
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {c.customer_number}
                {c.contact_person ? ` · ${c.contact_person}` : ''}
              </Typography.Text>
            </>
          ),
        },
        {
          title: t('customers.columns.contact'),
          key: 'contact',
          render: (_, c) => (
            <Flex vertical>
              {c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : null}
              {c.phone ? <a href={`tel:${c.phone}`}>{c.phone}</a> : null}
              {!c.email && !c.phone ? '–' : null}
            </Flex>
          ),
        },
        { title: t('customers.columns.place'), key: 'place', render: (_, c) => place(c) || '–' },
        {
          title: t('customers.columns.projects'),
          key: 'projects',
          align: 'right',
          render: (_, c) => (
            <Tag color={c.active_projects_count > 0 ? 'blue' : 'default'}>
              {t('customers.projectsCount', { count: c.projects_count })}
            </Tag>
          ),
        },
        ...(props.canEdit
          ? [
              {
                title: t('common.actions'),
                key: 'actions',
                align: 'right' as const,
                render: (_: unknown, c: CustomerDto) => <Actions {...props} customer={c} />,
              },
            ]
          : []),
      ]}
      onRow={(c) => ({
        // Part 1 §2: a row click has no effect beyond logging.
        onClick: () => console.debug('[time] Kunde angeklickt', c.id),
      })}
    />
  );
}

export function CustomerCards(props: Props) {
  const t = useTimeT();
  return (
    <Row gutter={[12, 12]}>
      {props.customers.map((c) => (
        <Col key={c.id} xs={24} md={12} xl={8}>
          <Card size="small" style={{ height: '100%' }} title={c.name} extra={<Tag>{c.customer_number}</Tag>}>
            <Flex vertical gap={6}>
              {c.contact_person ? <Typography.Text>{c.contact_person}</Typography.Text> : null}
              {c.email ? (
                <a href={`mailto:${c.email}`} style={{ overflowWrap: 'anywhere' }}>
                  <MailOutlined /> {c.email}
                </a>
              ) : null}
              {c.phone ? (
                <a href={`tel:${c.phone}`}>
                  <PhoneOutlined /> {c.phone}
                </a>
              ) : null}
              {place(c) || c.address ? (
                <Typography.Text type="secondary">
                  <EnvironmentOutlined /> {[c.address, place(c)].filter(Boolean).join(', ')}
                </Typography.Text>
              ) : null}
              <div>
                <Tag color={c.active_projects_count > 0 ? 'blue' : 'default'}>
                  {t('customers.projectsCount', { count: c.projects_count })}
                </Tag>
              </div>
              <Actions {...props} customer={c} block />
            </Flex>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
