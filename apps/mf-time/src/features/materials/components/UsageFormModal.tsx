import { useEffect, useRef, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Typography, type GetRef } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import {
  createMaterialUsageRequestSchema,
  type MaterialDto,
  type MaterialUsageDto,
  type ProjectDto,
} from '@zunft/contracts';
import { FormModal, useIsMobile, zodRule } from '@zunft/ui-kit';
import { formatCHF, toast, toastFailure } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useProjectSearch } from '../../projects/api/useProjects';
import { useSaveUsage } from '../api/useMaterials';
import { materialByEan } from './barcode';
import { BarcodeScanner } from './BarcodeScanner';
import { toUsageFormValues, toUsageRequest, todayIso, usageAmount, type UsageFormValues } from './materialHelpers';

interface Props {
  open: boolean;
  /** null: record a new usage */
  usage: MaterialUsageDto | null;
  materials: readonly MaterialDto[];
  /** The project of `?project=` or the usage filter, preselected (null: none, or one the caller may not book on). */
  initialProject: Pick<ProjectDto, 'id' | 'title' | 'project_number'> | null;
  /** A material card's "Verbrauch erfassen" */
  initialMaterialId: string | null;
  /** Admin and backoffice send the material's unit price with the usage. */
  withPrice: boolean;
  onClose: () => void;
}

const fields = createMaterialUsageRequestSchema.shape;
const DATE_FORMAT = 'DD.MM.YYYY';

const dateItemProps = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null),
};

/**
 * 'Verbrauch erfassen' (part 1 §5): project, material and quantity required, quantity ≥ 0.01 in steps
 * of 0.01, the date defaults to today.
 */
export function UsageFormModal({
  open,
  usage,
  materials,
  initialProject,
  initialMaterialId,
  withPrice,
  onClose,
}: Props) {
  const t = useTimeT();
  const [form] = Form.useForm<UsageFormValues>();
  const isMobile = useIsMobile();
  const save = useSaveUsage();
  // The server searches the projects (a company may have thousands): the select shows the first matches.
  const [projectSearch, setProjectSearch] = useState('');
  const projects = useProjectSearch(projectSearch, open);
  // The project picked in this dialog keeps its label when a later search no longer finds it.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const materialId = Form.useWatch('materialId', form);
  const quantity = Form.useWatch('quantity', form);
  const selected = materials.find((m) => m.id === materialId) ?? null;
  // The id of the entry this dialog records: chosen when it opens for a new entry and sent with every
  // save, so a save repeated after a lost answer gets the first entry instead of a second one.
  const createId = useRef<string | null>(null);
  const isNew = !usage;
  // Barcode scan (issue 29): the article is found among the materials the phone has (offline too),
  // then the quantity is asked.
  const [scanning, setScanning] = useState(false);
  const quantityInput = useRef<GetRef<typeof InputNumber>>(null);
  const scanned = (code: string) => {
    setScanning(false);
    const found = materialByEan(materials, code);
    if (!found) {
      toast.error(t('materials.scan.notFound', { code }));
      return;
    }
    form.setFieldValue('materialId', found.id);
    focusQuantity.current = true;
  };
  // Once the scanner's dialog has closed (its animation), the quantity is asked.
  const focusQuantity = useRef(false);
  useEffect(() => {
    if (scanning || !focusQuantity.current) return;
    focusQuantity.current = false;
    const timer = setTimeout(() => quantityInput.current?.focus(), 400);
    return () => clearTimeout(timer);
  }, [scanning]);

  useEffect(() => {
    createId.current = open && isNew ? crypto.randomUUID() : null;
  }, [open, isNew]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setProjectSearch('');
    setPicked(null);
    if (usage) {
      form.setFieldsValue(toUsageFormValues(usage));
      return;
    }
    form.setFieldsValue({
      projectId: initialProject?.id ?? undefined,
      materialId: initialMaterialId ?? undefined,
      usageDate: todayIso(),
    });
    // The material list may arrive later; the preselection is made when the dialog opens.
  }, [open, usage, initialProject?.id, initialMaterialId, form]);

  const submit = async (values: UsageFormValues) => {
    const request = toUsageRequest(values, materials, { withPrice });
    if (!request.ok) {
      toast.error(t('materials.toast.materialNotFound'));
      return;
    }
    try {
      await save.mutateAsync(
        usage
          ? { id: usage.id, body: request.body }
          : { id: null, body: { ...request.body, id: createId.current ?? undefined } },
      );
      toast.success(usage ? t('materials.toast.usageUpdated') : t('materials.toast.usageCreated'));
      onClose();
    } catch (error) {
      toastFailure(error, t('materials.toast.usageCreateError'));
    }
  };

  const projectLabel = (p: Pick<ProjectDto, 'title' | 'project_number'>) => `${p.title} · ${p.project_number}`;
  const projectOptions = (projects.data?.items ?? []).map((p) => ({ value: p.id, label: projectLabel(p) }));
  // The usage's, the preselected and the picked project keep their labels outside the search's matches.
  const kept = [
    picked,
    usage
      ? {
          value: usage.project_id,
          label: projectLabel({ title: usage.project_title, project_number: usage.project_number }),
        }
      : null,
    initialProject && !usage ? { value: initialProject.id, label: projectLabel(initialProject) } : null,
  ];
  for (const option of kept)
    if (option && !projectOptions.some((o) => o.value === option.value)) projectOptions.push(option);

  const amount =
    selected && typeof quantity === 'number' && quantity > 0
      ? usageAmount({ quantity, unit_price: selected.unit_price })
      : null;

  return (
    <FormModal
      open={open}
      form={form}
      title={usage ? t('materials.usage.editTitle') : t('materials.usage.createTitle')}
      okText={usage ? t('common.save') : t('materials.usage.save')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={600}
    >
      {materials.length === 0 ? (
        <Alert type="info" showIcon title={t('materials.usage.noMaterials')} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<UsageFormValues> name="usage" form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="projectId" label={t('materials.usage.project')} required rules={[zodRule(fields.projectId)]}>
          <Select
            showSearch={{ filterOption: false, onSearch: setProjectSearch, searchValue: projectSearch }}
            onChange={(_, option) => {
              setProjectSearch('');
              const one = Array.isArray(option) ? option[0] : option;
              setPicked(one ? { value: String(one.value), label: String(one.label) } : null);
            }}
            loading={projects.isFetching}
            placeholder={t('materials.usage.projectPlaceholder')}
            notFoundContent={t('materials.usage.noProjects')}
            options={projectOptions}
          />
        </Form.Item>
        <Form.Item
          name="materialId"
          label={t('materials.usage.material')}
          required
          rules={[zodRule(fields.materialId)]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('materials.usage.materialPlaceholder')}
            options={materials.map((m) => ({
              value: m.id,
              label: `${m.name} (${formatCHF(m.unit_price)} / ${m.unit})`,
            }))}
          />
        </Form.Item>
        {materials.some((m) => m.ean) ? (
          <Button icon={<ScanOutlined />} onClick={() => setScanning(true)} style={{ marginTop: -8, marginBottom: 16 }}>
            {t('materials.scan.button')}
          </Button>
        ) : null}
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="quantity"
              label={t('materials.usage.quantity')}
              required
              rules={[zodRule(fields.quantity)]}
            >
              {/* No `min` here: the contracts rule says 'Menge muss mindestens 0.01 sein' instead of clamping. */}
              <InputNumber<number>
                ref={quantityInput}
                step={0.01}
                precision={2}
                style={{ width: '100%' }}
                inputMode="decimal"
                suffix={selected?.unit}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="usageDate"
              label={t('materials.usage.date')}
              rules={[zodRule(fields.usageDate)]}
              {...dateItemProps}
            >
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} inputReadOnly={isMobile} allowClear={false} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label={t('materials.usage.description')} rules={[zodRule(fields.description)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
        {amount !== null ? (
          <Typography.Text data-testid="usage-amount">
            {t('materials.usage.amount')}: <strong>{formatCHF(amount)}</strong>
          </Typography.Text>
        ) : null}
      </Form>
      <BarcodeScanner open={scanning} onDetected={scanned} onClose={() => setScanning(false)} />
    </FormModal>
  );
}
