import { useEffect, useState } from 'react';
import { Form, InputNumber, Modal, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatCHF, toast, toastFailure } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { materialsApi } from '../api/materials.api';
import { useInvalidateMaterials } from '../api/useMaterials';

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * «Kupfernotierung» (issue 29): the office enters the day's copper quotation in CHF per 100 kg; the
 * metal surcharge of cables (metal weight × quotation ÷ 100) follows from it and shows as a line of
 * its own in quotes.
 */
export function MetalQuotationModal({ open, onClose }: Props) {
  const t = useTimeT();
  const invalidate = useInvalidateMaterials();
  const [price, setPrice] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const current = useQuery({
    queryKey: ['materials', 'metal-quotation'],
    queryFn: ({ signal }) => materialsApi.metalQuotation(signal),
    enabled: open,
  });

  useEffect(() => {
    if (open) setPrice(current.data?.price_per_100kg ?? null);
  }, [open, current.data]);

  const save = async () => {
    setSaving(true);
    try {
      await materialsApi.setMetalQuotation({ pricePer100kg: price ?? undefined });
      invalidate();
      void current.refetch();
      toast.success(t('materials.metal.saved'));
      onClose();
    } catch (error) {
      toastFailure(error, t('materials.metal.error'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('materials.metal.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void save()}
      okButtonProps={{ loading: saving }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('materials.metal.price')} htmlFor="metal-quotation-price">
          <InputNumber<number>
            id="metal-quotation-price"
            value={price}
            onChange={setPrice}
            min={0}
            step={0.01}
            precision={2}
            inputMode="decimal"
            style={{ width: '100%' }}
            suffix={t('materials.metal.unit')}
          />
        </Form.Item>
      </Form>
      {current.data ? (
        <Typography.Text type="secondary">
          {t('materials.metal.current', { price: formatCHF(current.data.price_per_100kg), day: current.data.day })}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
