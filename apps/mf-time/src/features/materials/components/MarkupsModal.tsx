import { useEffect, useMemo, useState } from 'react';
import { Flex, InputNumber, Modal, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { toast, toastFailure, useErrorToast } from '@zunft/web-common';
import { useTimeT } from '../../../shared/i18n';
import { materialsApi } from '../api/materials.api';
import { useInvalidateMaterials } from '../api/useMaterials';

interface Props {
  open: boolean;
  onClose: () => void;
}

/** '*' is the markup of every product group without its own (PUT /materials/markups). */
export const ALL_GROUPS = '*';

/** The rows of the dialog: '*' first, then every group of the catalogue or with a markup, by name. */
export function markupRows(productGroups: string[], markups: { product_group: string; percent: number }[]) {
  const percent = new Map(markups.map((m) => [m.product_group, m.percent]));
  const groups = new Set([...productGroups.filter((g) => g && g !== ALL_GROUPS), ...percent.keys()]);
  groups.delete(ALL_GROUPS);
  return [ALL_GROUPS, ...[...groups].sort((a, b) => a.localeCompare(b, 'de-CH'))].map((group) => ({
    group,
    percent: percent.get(group) ?? null,
  }));
}

/**
 * «Zuschläge» (issue 29, office): the company's markup per product group on the supplier's price,
 * which gives the selling price (`unit_price`) used in quotes and invoices. Empty = no own markup
 * (the '*' row applies). Saving reprices the catalogue on the server.
 */
export function MarkupsModal({ open, onClose }: Props) {
  const t = useTimeT();
  const invalidate = useInvalidateMaterials();
  const [values, setValues] = useState<Record<string, number | null>>({});
  const [saving, setSaving] = useState(false);
  const current = useQuery({
    queryKey: ['materials', 'markups'],
    queryFn: ({ signal }) => materialsApi.markups(signal),
    enabled: open,
  });
  // Every group of the whole catalogue (GET /materials/product-groups), not only those of the page shown.
  const groups = useQuery({
    queryKey: ['materials', 'product-groups'],
    queryFn: ({ signal }) => materialsApi.productGroups(signal),
    enabled: open,
  });
  // Without the groups (the call failed) the dialog still edits the groups that have a markup.
  useErrorToast(groups, t('materials.markups.groupsError'));
  const counts = useMemo(
    () => new Map((groups.data ?? []).map((g) => [g.product_group, g.material_count])),
    [groups.data],
  );
  const rows = useMemo(() => markupRows([...counts.keys()], current.data ?? []), [counts, current.data]);

  useEffect(() => {
    if (open && current.data) setValues(Object.fromEntries(rows.map((r) => [r.group, r.percent])));
  }, [open, current.data, rows]);

  const save = async () => {
    setSaving(true);
    try {
      const markups = rows
        .map((r) => ({ productGroup: r.group, percent: values[r.group] ?? null }))
        .filter((m): m is { productGroup: string; percent: number } => m.percent !== null);
      await materialsApi.setMarkups({ markups });
      invalidate();
      void current.refetch();
      toast.success(t('materials.markups.saved'));
      onClose();
    } catch (error) {
      toastFailure(error, t('materials.markups.error'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('materials.markups.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => void save()}
      okButtonProps={{ loading: saving, disabled: !current.data }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('materials.markups.hint')}</Typography.Paragraph>
      {current.isPending || (groups.isPending && !groups.isError) ? (
        <Spin />
      ) : (
        <Flex vertical gap={8} role="list" aria-label={t('materials.markups.title')}>
          {rows.map((r) => {
            const label = r.group === ALL_GROUPS ? t('materials.markups.allGroups') : r.group;
            const id = `markup-${r.group === ALL_GROUPS ? 'all' : r.group.replace(/[^A-Za-z0-9_-]/g, '_')}`;
            return (
              <Flex key={r.group} role="listitem" align="center" justify="space-between" gap={12} wrap="wrap">
                <Flex vertical style={{ flex: '1 1 160px', minWidth: 0 }}>
                  <label htmlFor={id} style={{ overflowWrap: 'anywhere' }}>
                    {label}
                  </label>
                  {counts.has(r.group) ? (
                    <Typography.Text type="secondary">
                      {t('materials.markups.articles', { count: counts.get(r.group) })}
                    </Typography.Text>
                  ) : null}
                </Flex>
                <InputNumber<number>
                  id={id}
                  value={values[r.group] ?? null}
                  onChange={(v) => setValues((s) => ({ ...s, [r.group]: v }))}
                  min={0}
                  max={1000}
                  step={1}
                  precision={2}
                  inputMode="decimal"
                  placeholder={t('materials.markups.none')}
                  suffix="%"
                  style={{ width: 140 }}
                />
              </Flex>
            );
          })}
        </Flex>
      )}
    </Modal>
  );
}
