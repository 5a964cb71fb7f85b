import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { AuditOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Flex, Form, Input, Radio, Select, Table, Tabs, Typography } from 'antd';
import {
  ACCOUNT_KEYS,
  AGING_BUCKETS,
  JOURNAL_FORMATS,
  VAT_CODE_RATES,
  VAT_METHODS,
  VAT_PERIODS,
  type AccountingSettingsRequest,
  type JournalFormat,
  type JournalLine,
  type OpenItemDto,
  type VatFigureLine,
  type VatPeriod,
} from '@zunft/contracts';
import { LoadError, PageHeader, useIsMobile } from '@zunft/ui-kit';
import { formatDate, formatNumber, serverErrorText, toast, toastFailure, useSession } from '@zunft/web-common';
import { saveBlob } from '../../../shared/dom';
import { useBillingT } from '../../../shared/i18n';
import { accountingApi } from '../api/accounting.api';
import {
  useAccountingSettingsQuery,
  useInvalidateJournal,
  useJournalQuery,
  useOpenItemsQuery,
  useSaveAccountingSettings,
  useVatQuery,
} from '../api/useAccounting';

type FileFormat = Exclude<JournalFormat, 'json'>;
const FILE_FORMATS = JOURNAL_FORMATS.filter((f): f is FileFormat => f !== 'json');
const EXTENSION: Record<FileFormat, string> = { csv: 'csv', banana: 'txt', bexio: 'csv', abacus: 'csv' };

/** yyyy-MM-dd of today in Zurich, and the first day of its month. */
const zurichToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Zurich',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
const money = (n: number) => formatNumber(n, 2);
const validDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * A table's horizontal scroll area reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable):
 * antd's `.ant-table-content` gets a tab stop and a name. The rows hold no focusable control.
 */
function KeyboardScroll({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelectorAll<HTMLElement>('.ant-table-content').forEach((el) => {
      el.tabIndex = 0;
      el.setAttribute('role', 'region');
      el.setAttribute('aria-label', label);
    });
  });
  return <div ref={ref}>{children}</div>;
}

const TABS = ['journal', 'open-items', 'vat', 'settings'] as const;
type TabKey = (typeof TABS)[number];
const TAB_LABEL = { journal: 'journal', 'open-items': 'openItems', vat: 'vat', settings: 'settings' } as const;
const TAB_CONTENT: Record<TabKey, ComponentType> = {
  journal: JournalTab,
  'open-items': OpenItemsTab,
  vat: VatTab,
  settings: SettingsTab,
};

/**
 * «Buchhaltung» (issue 26): the journal of a period with its account balances and the export as
 * Banana, bexio, Abacus or generic CSV file; the open items at a date (CSV, PDF); the VAT figures of
 * a quarter or semester; the account mapping. Office only (the shell's route). On a phone the four
 * views are buttons that wrap (a tab bar would hide two of them behind a scroll).
 */
export function AccountingScreen() {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const [active, setActive] = useState<TabKey>('journal');
  const label = (k: TabKey) => t(`accounting.tabs.${TAB_LABEL[k]}`);
  const Content = TAB_CONTENT[active];
  return (
    <>
      <PageHeader title={t('accounting.title')} subtitle={t('accounting.subtitle')} icon={<AuditOutlined />} />
      {isMobile ? (
        <Flex vertical gap={16}>
          <Radio.Group
            optionType="button"
            value={active}
            onChange={(e) => setActive(e.target.value as TabKey)}
            options={TABS.map((k) => ({ value: k, label: label(k) }))}
            style={{ display: 'flex', flexWrap: 'wrap', rowGap: 8 }}
            aria-label={t('accounting.title')}
          />
          <Content />
        </Flex>
      ) : (
        <Tabs
          destroyOnHidden
          activeKey={active}
          onChange={(k) => setActive(k as TabKey)}
          items={TABS.map((k) => ({ key: k, label: label(k), children: k === active ? <Content /> : null }))}
        />
      )}
    </>
  );
}

function JournalTab() {
  const t = useBillingT();
  const today = zurichToday();
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<FileFormat>('banana');
  const [includeExported, setIncludeExported] = useState(false);
  const [busy, setBusy] = useState(false);
  const filter = { from, to, includeExported };
  const valid = validDay(from) && validDay(to) && from <= to;
  const journal = useJournalQuery(filter, valid);
  const invalidate = useInvalidateJournal();

  const download = async () => {
    setBusy(true);
    try {
      const blob = await accountingApi.journalFile(filter, format);
      const file = `buchungen-${from}-${to}${format === 'csv' ? '' : `-${format}`}.${EXTENSION[format]}`;
      saveBlob(blob, file);
      toast.success(t('accounting.journal.downloaded', { file }));
      await invalidate();
    } catch (error) {
      toastFailure(error, t('accounting.journal.downloadError'));
    } finally {
      setBusy(false);
    }
  };

  const columns = [
    { title: t('accounting.journal.columns.date'), dataIndex: 'date', render: (d: string) => formatDate(d) },
    { title: t('accounting.journal.columns.document'), dataIndex: 'document' },
    { title: t('accounting.journal.columns.text'), dataIndex: 'text' },
    { title: t('accounting.journal.columns.debit'), dataIndex: 'debit' },
    { title: t('accounting.journal.columns.credit'), dataIndex: 'credit' },
    {
      title: t('accounting.journal.columns.amount'),
      key: 'amount',
      align: 'right' as const,
      render: (_: unknown, l: JournalLine) => `${l.currency} ${money(l.amount)}`,
    },
    {
      title: t('accounting.journal.columns.vat'),
      key: 'vat',
      render: (_: unknown, l: JournalLine) =>
        l.vat_side ? `${l.vat_side === 'debit' ? '−' : ''}${l.vat_code} ${money(l.vat_amount)}` : '',
    },
    {
      title: t('accounting.journal.columns.exported'),
      key: 'exported',
      render: (_: unknown, l: JournalLine) => (l.exported_at ? t('accounting.journal.yes') : ''),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={16} wrap="wrap" align="flex-end">
          <label>
            <Typography.Text>{t('accounting.journal.from')}</Typography.Text>
            <Input
              type="date"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              aria-label={t('accounting.journal.from')}
            />
          </label>
          <label>
            <Typography.Text>{t('accounting.journal.to')}</Typography.Text>
            <Input
              type="date"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              aria-label={t('accounting.journal.to')}
            />
          </label>
          <label>
            <Typography.Text>{t('accounting.journal.format')}</Typography.Text>
            <Select<FileFormat>
              aria-label={t('accounting.journal.format')}
              value={format}
              onChange={setFormat}
              style={{ minWidth: 240, display: 'block' }}
              options={FILE_FORMATS.map((f) => ({ value: f, label: t(`accounting.journal.formats.${f}`) }))}
            />
          </label>
          <Checkbox checked={includeExported} onChange={(e) => setIncludeExported(e.target.checked)}>
            {t('accounting.journal.includeExported')}
          </Checkbox>
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            loading={busy}
            disabled={!valid}
            onClick={() => void download()}
          >
            {t('accounting.journal.download')}
          </Button>
        </Flex>
      </Card>
      {journal.isError ? (
        <LoadError
          title={t('accounting.journal.loadError')}
          detail={serverErrorText(journal.error) ?? t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void journal.refetch()}
        />
      ) : (
        <>
          {journal.data?.skipped_exported ? (
            <Typography.Text type="secondary">
              {t('accounting.journal.skipped', { count: journal.data.skipped_exported })}
            </Typography.Text>
          ) : null}
          <KeyboardScroll label={t('accounting.tabs.journal')}>
            <Table<JournalLine>
              rowKey={(l, i) => `${l.entry_id}-${i ?? 0}`}
              size="small"
              loading={journal.isLoading}
              columns={columns}
              dataSource={journal.data?.lines ?? []}
              pagination={{ pageSize: 50, hideOnSinglePage: true }}
              scroll={{ x: true }}
              locale={{ emptyText: t('accounting.journal.empty') }}
            />
          </KeyboardScroll>
          {journal.data && journal.data.accounts.length > 0 ? (
            <Card title={t('accounting.journal.accounts')} size="small">
              <KeyboardScroll label={t('accounting.journal.accounts')}>
                <Table
                  rowKey={(a) => `${a.currency}-${a.account}`}
                  size="small"
                  pagination={false}
                  dataSource={journal.data.accounts}
                  columns={[
                    { title: t('accounting.journal.account'), dataIndex: 'account' },
                    { title: t('accounting.journal.columns.debit'), dataIndex: 'debit', align: 'right', render: money },
                    {
                      title: t('accounting.journal.columns.credit'),
                      dataIndex: 'credit',
                      align: 'right',
                      render: money,
                    },
                    {
                      title: t('accounting.journal.balance'),
                      key: 'balance',
                      align: 'right',
                      render: (_: unknown, a) => `${a.currency} ${money(a.balance)}`,
                    },
                  ]}
                />
              </KeyboardScroll>
            </Card>
          ) : null}
        </>
      )}
    </Flex>
  );
}

function OpenItemsTab() {
  const t = useBillingT();
  const [date, setDate] = useState(zurichToday());
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const valid = validDay(date);
  const list = useOpenItemsQuery(date, valid);

  const download = async (format: 'csv' | 'pdf') => {
    setBusy(format);
    try {
      saveBlob(await accountingApi.openItemsFile(date, format), `offene-posten-${date}.${format}`);
    } catch (error) {
      toastFailure(error, t('accounting.openItems.downloadError'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={16} wrap="wrap" align="flex-end">
          <label>
            <Typography.Text>{t('accounting.openItems.date')}</Typography.Text>
            <Input
              type="date"
              value={date}
              onChange={(e) => setDate(e.target.value)}
              aria-label={t('accounting.openItems.date')}
            />
          </label>
          <Button
            icon={<DownloadOutlined />}
            loading={busy === 'csv'}
            disabled={!valid}
            onClick={() => void download('csv')}
          >
            {t('accounting.openItems.csv')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={busy === 'pdf'}
            disabled={!valid}
            onClick={() => void download('pdf')}
          >
            {t('accounting.openItems.pdf')}
          </Button>
        </Flex>
      </Card>
      {list.isError ? (
        <LoadError
          title={t('accounting.openItems.loadError')}
          detail={serverErrorText(list.error) ?? t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void list.refetch()}
        />
      ) : (
        <>
          <KeyboardScroll label={t('accounting.tabs.openItems')}>
            <Table<OpenItemDto>
              rowKey="invoice_id"
              size="small"
              loading={list.isLoading}
              dataSource={list.data?.items ?? []}
              pagination={{ pageSize: 50, hideOnSinglePage: true }}
              scroll={{ x: true }}
              locale={{ emptyText: t('accounting.openItems.empty') }}
              columns={[
                { title: t('accounting.openItems.columns.invoice'), dataIndex: 'invoice_number' },
                { title: t('accounting.openItems.columns.customer'), dataIndex: 'customer_name' },
                {
                  title: t('accounting.openItems.columns.due'),
                  dataIndex: 'due_date',
                  render: (d: string) => formatDate(d),
                },
                { title: t('accounting.openItems.columns.daysOverdue'), dataIndex: 'days_overdue', align: 'right' },
                { title: t('accounting.openItems.columns.level'), dataIndex: 'reminder_level', align: 'right' },
                {
                  title: t('accounting.openItems.columns.open'),
                  key: 'open',
                  align: 'right',
                  render: (_: unknown, i) => `${i.currency} ${money(i.open_amount)}`,
                },
              ]}
            />
          </KeyboardScroll>
          {(list.data?.totals ?? []).map((tot) => (
            <Card
              key={tot.currency}
              size="small"
              title={`${t('accounting.openItems.total')}: ${tot.currency} ${money(tot.open)}`}
            >
              <Flex gap={24} wrap="wrap">
                {AGING_BUCKETS.map((b) => (
                  <Typography.Text key={b}>
                    {t(`accounting.openItems.buckets.${b}`)}: {money(tot.buckets[b])}
                  </Typography.Text>
                ))}
                {tot.credit_balances ? (
                  <Typography.Text type="secondary">
                    {t('accounting.openItems.credits')}: {money(tot.credit_balances)}
                  </Typography.Text>
                ) : null}
              </Flex>
            </Card>
          ))}
        </>
      )}
    </Flex>
  );
}

function VatTab() {
  const t = useBillingT();
  const today = zurichToday();
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const [period, setPeriod] = useState<VatPeriod>(
    `Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}` as VatPeriod,
  );
  const vat = useVatQuery(year, period);
  const years = Array.from({ length: 6 }, (_, i) => Number(today.slice(0, 4)) - i);
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={16} wrap="wrap" align="flex-end">
          <label>
            <Typography.Text>{t('accounting.vat.year')}</Typography.Text>
            <Select<number>
              aria-label={t('accounting.vat.year')}
              value={year}
              onChange={setYear}
              style={{ minWidth: 120, display: 'block' }}
              options={years.map((y) => ({ value: y, label: String(y) }))}
            />
          </label>
          <label>
            <Typography.Text>{t('accounting.vat.period')}</Typography.Text>
            <Select<VatPeriod>
              aria-label={t('accounting.vat.period')}
              value={period}
              onChange={setPeriod}
              style={{ minWidth: 160, display: 'block' }}
              options={VAT_PERIODS.map((p) => ({ value: p, label: t(`accounting.vat.periods.${p}`) }))}
            />
          </label>
          {vat.data ? (
            <Typography.Text type="secondary">
              {t('accounting.vat.method', { method: t(`accounting.vat.methods.${vat.data.method}`) })}
            </Typography.Text>
          ) : null}
        </Flex>
      </Card>
      {vat.isError ? (
        <LoadError
          title={t('accounting.vat.loadError')}
          detail={serverErrorText(vat.error) ?? t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void vat.refetch()}
        />
      ) : (
        <KeyboardScroll label={t('accounting.tabs.vat')}>
          <Table<VatFigureLine>
            rowKey={(l) => `${l.currency}-${l.rate}`}
            size="small"
            loading={vat.isLoading}
            pagination={false}
            dataSource={vat.data?.lines ?? []}
            locale={{ emptyText: t('accounting.vat.empty') }}
            columns={[
              {
                title: t('accounting.vat.columns.rate'),
                dataIndex: 'rate',
                render: (r: number) => `${formatNumber(r, 1)} %`,
              },
              { title: t('accounting.vat.columns.code'), dataIndex: 'vat_code' },
              {
                title: t('accounting.vat.columns.turnover'),
                key: 'turnover',
                align: 'right',
                render: (_: unknown, l) => `${l.currency} ${money(l.turnover)}`,
              },
              { title: t('accounting.vat.columns.net'), dataIndex: 'net', align: 'right', render: money },
              { title: t('accounting.vat.columns.vat'), dataIndex: 'vat', align: 'right', render: money },
            ]}
            summary={() =>
              (vat.data?.totals ?? []).map((tot) => (
                <Table.Summary.Row key={tot.currency}>
                  <Table.Summary.Cell index={0} colSpan={2}>
                    <strong>{t('accounting.vat.total')}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={2} align="right">
                    <strong>{`${tot.currency} ${money(tot.turnover)}`}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={3} align="right">
                    <strong>{money(tot.net)}</strong>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={4} align="right">
                    <strong>{money(tot.vat)}</strong>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              ))
            }
          />
        </KeyboardScroll>
      )}
    </Flex>
  );
}

type SettingsForm = AccountingSettingsRequest;

function SettingsTab() {
  const t = useBillingT();
  // The read-only accountant (Treuhänder, issue 26) sees the mapping but cannot change it (the
  // server answers 403 accountant_read_only).
  const { isBackoffice: canEdit } = useSession();
  const settings = useAccountingSettingsQuery();
  const save = useSaveAccountingSettings();
  const [form] = Form.useForm<SettingsForm>();

  useEffect(() => {
    if (settings.data)
      form.setFieldsValue({
        accounts: settings.data.accounts,
        vatCodes: settings.data.vat_codes,
        vatMethod: settings.data.vat_method,
      });
  }, [settings.data, form]);

  const submit = async (values: SettingsForm) => {
    try {
      await save.mutateAsync(values);
      toast.success(t('accounting.settings.saved'));
    } catch (error) {
      toastFailure(error, t('accounting.settings.saveError'));
    }
  };

  if (settings.isError)
    return (
      <LoadError
        title={t('accounting.settings.loadError')}
        detail={serverErrorText(settings.error) ?? t('common.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void settings.refetch()}
      />
    );
  return (
    <Form<SettingsForm>
      form={form}
      name="accounting-settings"
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void submit(values)}
      aria-label={t('accounting.tabs.settings')}
      disabled={!canEdit}
    >
      <Card title={t('accounting.settings.accountsTitle')} size="small" style={{ marginBottom: 16 }}>
        <Flex gap={16} wrap="wrap">
          {ACCOUNT_KEYS.map((k) => (
            <Form.Item
              key={k}
              name={['accounts', k]}
              label={t(`accounting.settings.accounts.${k}`)}
              rules={[{ required: true, whitespace: true, message: t('accounting.settings.required') }]}
              style={{ width: 220 }}
            >
              <Input maxLength={10} />
            </Form.Item>
          ))}
        </Flex>
      </Card>
      <Card title={t('accounting.settings.vatTitle')} size="small" style={{ marginBottom: 16 }}>
        <Flex gap={16} wrap="wrap">
          {VAT_CODE_RATES.map((r) => (
            <Form.Item
              key={r}
              name={['vatCodes', r]}
              label={t('accounting.settings.rate', { rate: r })}
              style={{ width: 140 }}
            >
              <Input maxLength={10} />
            </Form.Item>
          ))}
        </Flex>
        <Form.Item name="vatMethod" label={t('accounting.settings.method')}>
          <Radio.Group options={VAT_METHODS.map((m) => ({ value: m, label: t(`accounting.vat.methods.${m}`) }))} />
        </Form.Item>
      </Card>
      {canEdit ? (
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!settings.data}>
          {t('accounting.settings.save')}
        </Button>
      ) : null}
    </Form>
  );
}
