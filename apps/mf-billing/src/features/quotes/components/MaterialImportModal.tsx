import { useMemo, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Checkbox, Empty, Flex, Input, Modal, Spin, Typography } from 'antd';
import type { MaterialDto } from '@zunft/contracts';
import { formatCHF } from '@zunft/web-common';
import { useIsMobile, zunftColors } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { useMaterialsQuery } from '../api/useQuotes';
import { importableMaterials } from './quoteHelpers';

interface Props {
  open: boolean;
  onClose: () => void;
  onImport: (materials: MaterialDto[]) => void;
}

/** Searchable multi-select of the active materials (part 2 §2, §5). */
export function MaterialImportModal({ open, onClose, onImport }: Props) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const materials = useMaterialsQuery(open);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const visible = useMemo(() => importableMaterials(materials.data ?? [], search), [materials.data, search]);
  const anyActive = useMemo(() => importableMaterials(materials.data ?? [], '').length > 0, [materials.data]);

  const close = () => {
    setSelected([]);
    setSearch('');
    onClose();
  };
  const toggle = (id: string, checked: boolean) =>
    setSelected((current) => (checked ? [...current, id] : current.filter((x) => x !== id)));

  const submit = () => {
    const byId = new Map((materials.data ?? []).map((m) => [m.id, m]));
    const chosen = selected.map((id) => byId.get(id)).filter((m): m is MaterialDto => Boolean(m));
    if (chosen.length > 0) onImport(chosen);
    close();
  };

  return (
    <Modal
      open={open}
      title={t('quotes.materials.title')}
      okText={t('quotes.materials.import')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: selected.length === 0 }}
      onOk={submit}
      onCancel={close}
      width={isMobile ? '100%' : 560}
      destroyOnHidden
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('quotes.materials.search')}
        aria-label={t('quotes.materials.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      {materials.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : visible.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={anyActive ? t('quotes.materials.noneFound') : t('quotes.materials.empty')}
        />
      ) : (
        <Flex vertical gap={4} style={{ maxHeight: '50vh', overflowY: 'auto' }} role="list">
          {visible.map((m) => (
            <label
              key={m.id}
              role="listitem"
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 12,
                padding: '10px 8px',
                borderBottom: `1px solid ${zunftColors.border}`,
                cursor: 'pointer',
                minHeight: 44,
              }}
            >
              <Checkbox
                checked={selected.includes(m.id)}
                onChange={(e) => toggle(m.id, e.target.checked)}
                aria-label={t('quotes.materials.select', { name: m.name })}
              />
              <span style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong>{m.name}</Typography.Text>
                {m.category ? (
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {m.category}
                  </Typography.Text>
                ) : null}
              </span>
              <Typography.Text style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatCHF(m.unit_price)} / {m.unit}
              </Typography.Text>
            </label>
          ))}
        </Flex>
      )}
      {selected.length > 0 ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('quotes.materials.selected', { count: selected.length })}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
