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
import { formatCHF, toast, toastFailure, useSession } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useProjectSearch } from '../../projects/api/useProjects';
import { materialsApi } from '../api/materials.api';
import { MATERIAL_SELECT_PAGE_SIZE, useMaterialSearch, useSaveUsage } from '../api/useMaterials';
import type { OfflineArticle } from '../offline/offlineArticles';
import { offlineMaterials } from '../offline/offlineMaterials';
import { isNoConnection } from '../offline/usageQueue';
import { materialByEan } from './barcode';
import { BarcodeScanner } from './BarcodeScanner';
import {
  formatQuantity,
  toUsageFormValues,
  toUsageRequest,
  todayIso,
  usageAmount,
  type UsageFormValues,
} from './materialHelpers';

interface Props {
  open: boolean;
  /** null: record a new usage */
  usage: MaterialUsageDto | null;
  /** The project of `?project=` or the usage filter, preselected (null: none, or one the caller may not book on). */
  initialProject: Pick<ProjectDto, 'id' | 'title' | 'project_number'> | null;
  /** A material card's "Verbrauch erfassen" */
  initialMaterial: MaterialDto | null;
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
export function UsageFormModal({ open, usage, initialProject, initialMaterial, withPrice, onClose }: Props) {
  const t = useTimeT();
  const [form] = Form.useForm<UsageFormValues>();
  const isMobile = useIsMobile();
  const save = useSaveUsage();
  const { user } = useSession();
  const userId = user?.id ?? null;
  // The server searches the projects (a company may have thousands): the select shows the first matches.
  const [projectSearch, setProjectSearch] = useState('');
  const projects = useProjectSearch(projectSearch, open);
  // The project picked in this dialog keeps its label when a later search no longer finds it.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  // The catalogue may hold 100,000 articles (issue 29): the server searches it, the select shows
  // the first 20 matches; the articles picked, scanned or preselected keep their label and price.
  const [materialSearch, setMaterialSearch] = useState('');
  const found = useMaterialSearch(materialSearch, open);
  const [known, setKnown] = useState<Record<string, OfflineArticle>>({});
  const know = (article: OfflineArticle) => setKnown((k) => ({ ...k, [article.id]: article }));
  const materialId = Form.useWatch('materialId', form);
  const quantity = Form.useWatch('quantity', form);
  const articleOf = (id: string | undefined) =>
    id ? (known[id] ?? found.data?.items.find((m) => m.id === id) ?? null) : null;
  const selected = articleOf(materialId);
  // The id of the entry this dialog records: chosen when it opens for a new entry and sent with every
  // save, so a save repeated after a lost answer gets the first entry instead of a second one.
  const createId = useRef<string | null>(null);
  const isNew = !usage;
  // Barcode scan (issue 29): online the server finds the article by its EAN; without a connection
  // the phone's copy of the articles does (offline/offlineArticles.ts). Then the quantity is asked.
  const [scanning, setScanning] = useState(false);
  const quantityInput = useRef<GetRef<typeof InputNumber>>(null);
  // Once the scanner's dialog has closed (its animation) and the article is found, the quantity is asked.
  const focusQuantity = useRef(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const lookUp = async (code: string): Promise<OfflineArticle | null> => {
    const offline = offlineMaterials();
    if (typeof navigator !== 'undefined' && navigator.onLine === false)
      return userId ? offline.byEan(userId, code) : null;
    try {
      const page = await materialsApi.page({ search: code, page: 1, pageSize: MATERIAL_SELECT_PAGE_SIZE });
      const article = materialByEan(page.items, code);
      if (article && userId) void offline.remember(userId, article).catch(() => undefined);
      return article;
    } catch (error) {
      if (!isNoConnection(error) || !userId) throw error;
      return offline.byEan(userId, code);
    }
  };
  const scanned = async (code: string) => {
    setScanning(false);
    let article: OfflineArticle | null;
    try {
      article = await lookUp(code);
    } catch (error) {
      toastFailure(error, t('materials.scan.notFound', { code }));
      return;
    }
    if (!article) {
      toast.error(t('materials.scan.notFound', { code }));
      return;
    }
    know(article);
    form.setFieldValue('materialId', article.id);
    focusQuantity.current = true;
    setFocusRequest((n) => n + 1);
  };
  useEffect(() => {
    if (scanning || !focusQuantity.current) return;
    focusQuantity.current = false;
    const timer = setTimeout(() => quantityInput.current?.focus(), 400);
    return () => clearTimeout(timer);
  }, [scanning, focusRequest]);

  useEffect(() => {
    createId.current = open && isNew ? crypto.randomUUID() : null;
  }, [open, isNew]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setProjectSearch('');
    setMaterialSearch('');
    setPicked(null);
    setKnown(() => {
      const next: Record<string, OfflineArticle> = {};
      if (initialMaterial) next[initialMaterial.id] = initialMaterial;
      // An entry being edited keeps its material's name, unit and recorded price.
      if (usage?.material_id)
        next[usage.material_id] = {
          id: usage.material_id,
          name: usage.material_name,
          unit: usage.unit,
          unit_price: usage.unit_price,
          ean: null,
          supplier_article_number: null,
          is_active: true,
        };
      return next;
    });
    if (usage) {
      form.setFieldsValue(toUsageFormValues(usage));
      return;
    }
    form.setFieldsValue({
      projectId: initialProject?.id ?? undefined,
      materialId: initialMaterial?.id ?? undefined,
      usageDate: todayIso(),
    });
  }, [open, usage, initialProject?.id, initialMaterial, form]);

  const submit = async (values: UsageFormValues) => {
    const article = articleOf(values.materialId);
    const request = toUsageRequest(values, article ? [article] : [], { withPrice });
    if (!request.ok) {
      toast.error(t('materials.toast.materialNotFound'));
      return;
    }
    // Without reception a new entry waits on the phone (offline/usageQueue.ts) with the id chosen
    // here, and reaches the server once the connection is back.
    const queueOffline = async () => {
      if (!userId || !article || usage) return false;
      const body = { ...request.body, id: createId.current ?? crypto.randomUUID() };
      const project = projectOptions.find((o) => o.value === body.projectId)?.label ?? '';
      const label = `${formatQuantity(Number(values.quantity), article.unit)} ${article.name}${project ? ` · ${project}` : ''}`;
      await offlineMaterials().enqueue(userId, body, label);
      toast.info(t('materials.offline.queued'));
      onClose();
      return true;
    };
    if (typeof navigator !== 'undefined' && navigator.onLine === false && (await queueOffline())) return;
    try {
      await save.mutateAsync(
        usage
          ? { id: usage.id, body: request.body }
          : { id: null, body: { ...request.body, id: createId.current ?? undefined } },
      );
      if (userId)
        void offlineMaterials()
          .remember(userId, article!)
          .catch(() => undefined);
      toast.success(usage ? t('materials.toast.usageUpdated') : t('materials.toast.usageCreated'));
      onClose();
    } catch (error) {
      if (isNoConnection(error) && (await queueOffline())) return;
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

  const materialLabel = (m: OfflineArticle) => `${m.name} (${formatCHF(m.unit_price)} / ${m.unit})`;
  const materialOptions = (found.data?.items ?? []).map((m) => ({ value: m.id, label: materialLabel(m) }));
  for (const article of Object.values(known))
    if (!materialOptions.some((o) => o.value === article.id))
      materialOptions.push({ value: article.id, label: materialLabel(article) });

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
      {found.data && found.data.total === 0 && materialSearch.trim() === '' ? (
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
            showSearch={{ filterOption: false, onSearch: setMaterialSearch, searchValue: materialSearch }}
            onChange={(id) => {
              setMaterialSearch('');
              const article = found.data?.items.find((m) => m.id === id);
              if (article) know(article);
            }}
            loading={found.isFetching}
            placeholder={t('materials.usage.materialPlaceholder')}
            notFoundContent={t('materials.usage.noMaterialMatch')}
            options={materialOptions}
          />
        </Form.Item>
        <Button icon={<ScanOutlined />} onClick={() => setScanning(true)} style={{ marginTop: -8, marginBottom: 16 }}>
          {t('materials.scan.button')}
        </Button>
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
      <BarcodeScanner open={scanning} onDetected={(code) => void scanned(code)} onClose={() => setScanning(false)} />
    </FormModal>
  );
}
