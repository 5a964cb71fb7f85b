import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import {
  MATERIAL_CATEGORIES,
  MATERIAL_UNITS,
  createMaterialRequestSchema,
  updateMaterialRequestSchema,
  type MaterialDto,
} from '@zunft/contracts';
import { FormModal, zodRule } from '@zunft/ui-kit';
import { toast, toastFailure } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { useSaveMaterial } from '../api/useMaterials';
import { toMaterialFormValues, toMaterialRequest, toMaterialUpdate, type MaterialFormValues } from './materialHelpers';

interface Props {
  open: boolean;
  /** null: create */
  material: MaterialDto | null;
  onClose: () => void;
}

const fields = createMaterialRequestSchema.shape;
const updateFields = updateMaterialRequestSchema.shape;

/**
 * Create and edit dialog of a material (part 1 §5: name, unit and unit price required, price ≥ 0 in
 * steps of 0.01, stock and minimum stock whole numbers ≥ 0). Editing shows and keeps the stored
 * stock as it is: approved usage of e.g. 0.5 kg leaves 12.5, which must not be rounded to 13.
 */
export function MaterialFormModal({ open, material, onClose }: Props) {
  const t = useTimeT();
  const [form] = Form.useForm<MaterialFormValues>();
  const save = useSaveMaterial();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (material) form.setFieldsValue(toMaterialFormValues(material));
  }, [open, material, form]);

  const submit = async (values: MaterialFormValues) => {
    try {
      await save.mutateAsync(
        material
          ? { id: material.id, body: toMaterialUpdate(values, material) }
          : { id: null, body: toMaterialRequest(values) },
      );
      toast.success(material ? t('materials.toast.updated') : t('materials.toast.created'));
      onClose();
    } catch (error) {
      toastFailure(error, t('materials.toast.saveError'));
    }
  };

  return (
    <FormModal
      open={open}
      form={form}
      title={material ? t('materials.editTitle') : t('materials.createTitle')}
      okText={material ? t('common.save') : t('common.create')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={640}
    >
      <Form<MaterialFormValues>
        name="material"
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{ stockQuantity: 0, minStock: 0 }}
      >
        <Form.Item name="name" label={t('materials.fields.name')} required rules={[zodRule(fields.name)]}>
          <Input />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="unit" label={t('materials.fields.unit')} required rules={[zodRule(fields.unit)]}>
              <Select
                placeholder={t('materials.fields.unitPlaceholder')}
                options={MATERIAL_UNITS.map((u) => ({ value: u, label: u }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="category" label={t('materials.fields.category')} rules={[zodRule(fields.category)]}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('materials.fields.categoryPlaceholder')}
                options={MATERIAL_CATEGORIES.map((c) => ({ value: c, label: t(`materials.categories.${c}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="unitPrice"
              label={t('materials.fields.unitPrice')}
              required
              rules={[zodRule(fields.unitPrice)]}
            >
              <InputNumber<number> min={0} step={0.01} precision={2} style={{ width: '100%' }} inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="stockQuantity"
              label={t('materials.fields.stockQuantity')}
              rules={[zodRule(material ? updateFields.stockQuantity : fields.stockQuantity)]}
            >
              {/* Editing: no fixed precision, so 12.5 shows as 12.5 and 13 as 13 (the rule allows 2 decimals). */}
              <InputNumber<number>
                min={0}
                step={1}
                precision={material ? undefined : 0}
                style={{ width: '100%' }}
                inputMode={material ? 'decimal' : 'numeric'}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="minStock" label={t('materials.fields.minStock')} rules={[zodRule(fields.minStock)]}>
              <InputNumber<number> min={0} step={1} precision={0} style={{ width: '100%' }} inputMode="numeric" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="description" label={t('materials.fields.description')} rules={[zodRule(fields.description)]}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
