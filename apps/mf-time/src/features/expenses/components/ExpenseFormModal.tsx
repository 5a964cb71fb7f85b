import { useEffect, useId, useRef, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DeleteOutlined, PaperClipOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Checkbox, Col, DatePicker, Flex, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import {
  DEFAULT_EXPENSE_VAT_RATE,
  EXPENSE_CATEGORIES,
  EXPENSE_VAT_RATES,
  createExpenseRequestSchema,
  expenseNetAmount,
  type ExpenseDto,
} from '@zunft/contracts';
import { FormModal, useIsMobile, zodRule } from '@zunft/ui-kit';
import { serverErrorOr, toast } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useProjectSearch } from '../../projects/api/useProjects';
import { useSaveExpense } from '../api/useExpenses';
import {
  receiptFileError,
  toExpenseFormData,
  toExpenseFormValues,
  todayIso,
  type ExpenseFormValues,
} from './expenseHelpers';
import { ReceiptInput } from './ReceiptInput';
import { shrinkWithCanvas } from './canvasShrinker';
import { prepareReceipt, receiptChoiceError, type ImageShrinker } from './receiptShrink';

interface Props {
  open: boolean;
  /** null: a new expense */
  expense: ExpenseDto | null;
  onClose: () => void;
  /** Shrinks receipt photos before the upload; tests pass a fake (jsdom has no canvas). */
  shrinkImage?: ImageShrinker;
}

const fields = createExpenseRequestSchema.shape;
const DATE_FORMAT = 'DD.MM.YYYY';

const dateItemProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

/**
 * Create/edit an expense (part 2 §5): category, description, amount (≥ 0.01, steps of 0.01) and
 * date (default today) required; project optional and offered only when there are projects (the
 * server searches them, the select shows the first 20 matches: employees only their assigned ones);
 * receipt optional (JPG, PNG or PDF up to 10 MB). Sent as multipart; photos are shrunk first
 * (receiptShrink.ts), and the 10 MB limit holds for the file that is sent.
 */
export function ExpenseFormModal({ open, expense, onClose, shrinkImage = shrinkWithCanvas }: Props) {
  const t = useTimeT();
  const [form] = Form.useForm<ExpenseFormValues>();
  const isMobile = useIsMobile();
  const save = useSaveExpense();
  // The server searches the projects (a company may have thousands): the select shows the first matches.
  const [projectSearch, setProjectSearch] = useState('');
  const projects = useProjectSearch(projectSearch, open);
  // The project picked in this dialog keeps its label when a later search no longer finds it.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const hintId = useId();
  const [removeReceipt, setRemoveReceipt] = useState(false);
  const chosenFile = Form.useWatch('receipt', form);
  const vatIncluded = Form.useWatch('vatIncluded', form) ?? false;
  const vatRate = Form.useWatch('vatRate', form) ?? DEFAULT_EXPENSE_VAT_RATE;
  const amount = Form.useWatch('amount', form);
  // Shrinking and uploading: OK shows loading and is disabled. The ref also stops a second submit
  // (Enter in a field) before the state has rendered.
  const [busy, setBusy] = useState(false);
  const submitting = useRef(false);
  // Changes whenever the dialog opens or closes: a shrink that ends after 'Abbrechen' sends nothing.
  const session = useRef(0);
  // The id of the expense this dialog creates: chosen when it opens for a new expense and sent with
  // every save, so a save repeated after a lost answer gets the first expense instead of a second one.
  const createId = useRef<string | null>(null);
  const isNew = !expense;

  useEffect(() => {
    createId.current = open && isNew ? crypto.randomUUID() : null;
  }, [open, isNew]);

  useEffect(() => {
    session.current += 1;
    if (!open) return;
    form.resetFields();
    setRemoveReceipt(false);
    setProjectSearch('');
    setPicked(null);
    form.setFieldsValue(
      expense
        ? toExpenseFormValues(expense)
        : { expenseDate: todayIso(), receipt: null, vatIncluded: false, vatRate: DEFAULT_EXPENSE_VAT_RATE },
    );
  }, [open, expense, form]);

  const submit = async (values: ExpenseFormValues) => {
    if (submitting.current) return;
    submitting.current = true;
    setBusy(true);
    const started = session.current;
    try {
      let receipt = values.receipt ?? null;
      if (receipt) {
        receipt = await prepareReceipt(receipt, shrinkImage);
        if (session.current !== started) return;
        // The 10 MB limit holds for what is sent, i.e. after shrinking.
        const error = receiptFileError(receipt);
        if (error) {
          form.setFields([{ name: 'receipt', errors: [error] }]);
          return;
        }
      }
      const body = toExpenseFormData({ ...values, receipt }, { removeReceipt });
      if (!expense && createId.current) body.append('id', createId.current);
      await save.mutateAsync({ id: expense?.id ?? null, form: body });
      toast.success(expense ? t('expenses.toast.updated') : t('expenses.toast.created'));
      onClose();
    } catch (error) {
      toast.error(serverErrorOr(error, t('expenses.toast.saveError')));
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };

  // The project picked earlier stays selectable even if the list no longer offers it.
  const projectOptions = (projects.data?.items ?? []).map((p) => ({
    value: p.id,
    label: `${p.title} · ${p.project_number}`,
  }));
  const kept = [
    picked,
    expense?.project_id ? { value: expense.project_id, label: expense.project_title ?? expense.project_id } : null,
  ];
  for (const option of kept)
    if (option && !projectOptions.some((o) => o.value === option.value)) projectOptions.push(option);
  // No project field only when the company has none at all (not when a search finds none).
  const noProjects = projects.isSuccess && projects.data.total === 0 && projectSearch.trim() === '';

  const existingReceipt = expense?.receipt_filename ?? null;

  return (
    <FormModal
      open={open}
      form={form}
      title={expense ? t('expenses.editTitle') : t('expenses.createTitle')}
      okText={expense ? t('common.save') : t('common.create')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: busy }}
      width={600}
    >
      <Form<ExpenseFormValues> name="expense" form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="category" label={t('expenses.fields.category')} required rules={[zodRule(fields.category)]}>
          <Select
            placeholder={t('expenses.fields.categoryPlaceholder')}
            options={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: t(`expenses.categories.${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('expenses.fields.description')}
          required
          rules={[zodRule(fields.description)]}
        >
          <Input placeholder={t('expenses.fields.descriptionPlaceholder')} maxLength={500} />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="amount" label={t('expenses.fields.amount')} required rules={[zodRule(fields.amount)]}>
              {/* No `min` here: the contracts rule says 'Der Betrag muss mindestens CHF 0.01 sein' instead of clamping. */}
              <InputNumber<number>
                step={0.01}
                precision={2}
                style={{ width: '100%' }}
                inputMode="decimal"
                prefix="CHF"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="expenseDate"
              label={t('expenses.fields.date')}
              required
              rules={[zodRule(fields.expenseDate)]}
              {...dateItemProps}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} inputReadOnly={isMobile} allowClear={false} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12} align="middle">
          <Col xs={24} sm={12}>
            <Form.Item name="vatIncluded" valuePropName="checked" style={{ marginBottom: 12 }}>
              <Checkbox>{t('expenses.fields.vatIncluded')}</Checkbox>
            </Form.Item>
          </Col>
          {vatIncluded ? (
            <Col xs={24} sm={12}>
              <Form.Item
                name="vatRate"
                label={t('expenses.fields.vatRate')}
                extra={
                  typeof amount === 'number' && amount > 0
                    ? t('expenses.fields.netHint', {
                        net: expenseNetAmount(amount, true, vatRate).toFixed(2),
                      })
                    : null
                }
              >
                <Select options={EXPENSE_VAT_RATES.map((r) => ({ value: r, label: `${r} %` }))} />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
        {projectOptions.length > 0 || (projects.data !== undefined && !noProjects) ? (
          <Form.Item name="projectId" label={t('expenses.fields.project')}>
            <Select
              allowClear
              showSearch={{ filterOption: false, onSearch: setProjectSearch, searchValue: projectSearch }}
              onChange={(_, option) => {
                setProjectSearch('');
                const one = Array.isArray(option) ? option[0] : option;
                setPicked(one ? { value: String(one.value), label: String(one.label) } : null);
              }}
              loading={projects.isFetching}
              placeholder={t('expenses.fields.projectPlaceholder')}
              options={projectOptions}
            />
          </Form.Item>
        ) : null}
        {existingReceipt && !chosenFile ? (
          <Flex align="center" gap={8} wrap="wrap" style={{ marginBottom: 8 }}>
            <PaperClipOutlined aria-hidden />
            {removeReceipt ? (
              <>
                <Typography.Text type="warning">{t('expenses.fields.receiptRemoved')}</Typography.Text>
                <Button size="small" icon={<UndoOutlined />} onClick={() => setRemoveReceipt(false)}>
                  {t('expenses.fields.keepReceipt')}
                </Button>
              </>
            ) : (
              <>
                <Typography.Text style={{ overflowWrap: 'anywhere' }}>
                  {t('expenses.fields.currentReceipt', { name: existingReceipt })}
                </Typography.Text>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => setRemoveReceipt(true)}>
                  {t('expenses.fields.removeReceipt')}
                </Button>
              </>
            )}
          </Flex>
        ) : null}
        <Form.Item
          name="receipt"
          label={t('expenses.fields.receipt')}
          extra={<span id={hintId}>{t('expenses.fields.receiptHint')}</span>}
          rules={[
            {
              validator: async (_rule, file: File | null | undefined) => {
                const error = file ? receiptChoiceError(file) : null;
                if (error) throw new Error(error);
              },
            },
          ]}
        >
          <ReceiptInput hintId={hintId} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
