import { useMemo, useState, type ReactNode } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Flex, Input, Modal, Spin, Typography } from 'antd';
import type { MaterialDto } from '@zunft/contracts';
import { formatCHF } from '@zunft/web-common';
import { useDebounced, useIsMobile, zunftColors } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { useMaterialSearchQuery } from '../api/useQuotes';
import { MATERIAL_SEARCH_DEBOUNCE_MS, materialPickerRows, toggleMaterial } from './quoteHelpers';

interface Props {
  open: boolean;
  onClose: () => void;
  onImport: (materials: MaterialDto[]) => void;
}

/**
 * Searchable multi-select of the active materials (part 2 §2, §5). The server searches what is
 * typed (debounced) and answers 20 at a time, so a catalogue of thousands is never loaded on a
 * phone; materials chosen under an earlier term stay listed, checked and named.
 */
export function MaterialImportModal({ open, onClose, onImport }: Props) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), MATERIAL_SEARCH_DEBOUNCE_MS);
  const materials = useMaterialSearchQuery(term, open);
  const [chosen, setChosen] = useState<MaterialDto[]>([]);
  const rows = useMemo(
    () => materialPickerRows(materials.data?.pages.flatMap((page) => page.items) ?? [], chosen),
    [materials.data, chosen],
  );
  const chosenIds = new Set(chosen.map((m) => m.id));
  // The answer shown is the one of `term` (not the previous term's, kept while this one loads).
  const settled = !materials.isPlaceholderData && !materials.isFetching;

  const close = () => {
    setChosen([]);
    setSearch('');
    onClose();
  };

  const submit = () => {
    if (chosen.length > 0) onImport(chosen);
    close();
  };

  const row = (m: MaterialDto) => (
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
        checked={chosenIds.has(m.id)}
        onChange={(e) => setChosen((current) => toggleMaterial(current, m, e.target.checked))}
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
  );

  // Nothing to show yet: the list area says it is searching (else a small spinner in the field).
  const searching = materials.isPending || (rows.matches.length === 0 && !settled && !materials.isError);
  let results: ReactNode;
  if (searching) {
    results = (
      <Flex vertical align="center" gap={8} style={{ padding: 24 }} role="status">
        <Spin />
        <Typography.Text type="secondary">{t('quotes.materials.searching')}</Typography.Text>
      </Flex>
    );
  } else if (materials.isError && rows.matches.length === 0) {
    results = (
      <Flex vertical align="center" gap={8} style={{ padding: 24 }} role="alert">
        <Typography.Text type="secondary">{t('common.loadFailed')}</Typography.Text>
        <Button onClick={() => void materials.refetch()}>{t('common.retry')}</Button>
      </Flex>
    );
  } else if (rows.matches.length === 0 && settled) {
    results = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={term ? t('quotes.materials.noMatch', { term }) : t('quotes.materials.empty')}
      />
    );
  } else {
    results = (
      <Flex vertical gap={4} role="list" aria-busy={!settled}>
        {rows.matches.map(row)}
      </Flex>
    );
  }

  return (
    <Modal
      open={open}
      title={t('quotes.materials.title')}
      okText={t('quotes.materials.import')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: chosen.length === 0 }}
      onOk={submit}
      onCancel={close}
      width={isMobile ? '100%' : 560}
      destroyOnHidden
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        // Always a suffix: antd re-creates the input (and the phone's keyboard closes) when it toggles.
        suffix={
          materials.isFetching && !searching ? (
            <span role="status" aria-label={t('quotes.materials.searching')}>
              <Spin size="small" />
            </span>
          ) : (
            <span />
          )
        }
        placeholder={t('quotes.materials.search')}
        aria-label={t('quotes.materials.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      <div style={{ maxHeight: '50vh', overflowY: 'auto' }}>
        {rows.chosenElsewhere.length > 0 ? (
          <>
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {t('quotes.materials.chosen')}
            </Typography.Text>
            <Flex vertical gap={4} role="list" aria-label={t('quotes.materials.chosen')} style={{ marginBottom: 12 }}>
              {rows.chosenElsewhere.map(row)}
            </Flex>
          </>
        ) : null}
        {results}
        {materials.hasNextPage ? (
          <Flex justify="center" style={{ marginTop: 8 }}>
            <Button
              onClick={() => void materials.fetchNextPage()}
              loading={materials.isFetchingNextPage}
              disabled={!settled && !materials.isFetchingNextPage}
            >
              {t('quotes.materials.more')}
            </Button>
          </Flex>
        ) : null}
      </div>
      {chosen.length > 0 ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('quotes.materials.selected', { count: chosen.length })}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
