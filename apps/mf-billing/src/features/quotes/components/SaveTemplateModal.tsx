import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { createQuoteTemplateRequestSchema, type QuoteDto } from '@zunft/contracts';
import { FormModal, zodRule } from '@zunft/ui-kit';
import { toast, toastFailure } from '@zunft/web-common';
import { useBillingT } from '../../../shared/i18n';
import { useCreateTemplate } from '../api/useQuotes';

interface Values {
  name?: string;
  description?: string | null;
}

const fields = createQuoteTemplateRequestSchema.shape;

/** 'Als Vorlage speichern': a template from an existing quote (POST /quotes/templates, fromQuoteId). */
export function SaveTemplateModal({ quote, onClose }: { quote: QuoteDto | null; onClose: () => void }) {
  const t = useBillingT();
  const [form] = Form.useForm<Values>();
  const save = useCreateTemplate();

  useEffect(() => {
    if (!quote) return;
    form.resetFields();
    form.setFieldsValue({ name: quote.title, description: quote.description });
  }, [quote, form]);

  const submit = async (values: Values) => {
    if (!quote) return;
    const name = (values.name ?? '').trim();
    try {
      await save.mutateAsync({ name, description: values.description?.trim() || null, fromQuoteId: quote.id });
      toast.success(t('quotes.toast.templateSaved', { name }));
      onClose();
    } catch (error) {
      toastFailure(error, t('quotes.toast.templateError'));
    }
  };

  return (
    <FormModal
      open={quote !== null}
      form={form}
      title={t('quotes.templates.saveTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={480}
    >
      <Form<Values> form={form} layout="vertical" name="quote-template" onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label={t('quotes.templates.name')} required rules={[zodRule(fields.name)]}>
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('quotes.templates.description')}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
