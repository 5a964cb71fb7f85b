import { useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Input, Modal, Spin, Typography } from 'antd';
import type { QuoteTemplateDto } from '@zunft/contracts';
import { formatCHF, serverErrorText } from '@zunft/web-common';
import { LoadError, useDebounced, useIsMobile, zunftColors } from '@zunft/ui-kit';
import { useBillingT } from '../../../shared/i18n';
import { useTemplatesQuery } from '../api/useQuotes';

interface Props {
  open: boolean;
  onClose: () => void;
  onPick: (template: QuoteTemplateDto) => void;
}

/** Template picker with search (GET /quotes/templates?search=). */
export function TemplatePickerModal({ open, onClose, onPick }: Props) {
  const t = useBillingT();
  const isMobile = useIsMobile();
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, 300);
  const templates = useTemplatesQuery(debounced, open);

  const close = () => {
    setSearch('');
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('quotes.templates.title')}
      footer={null}
      onCancel={close}
      width={isMobile ? '100%' : 560}
      destroyOnHidden
    >
      <Input
        allowClear
        autoFocus
        prefix={<SearchOutlined />}
        placeholder={t('quotes.templates.search')}
        aria-label={t('quotes.templates.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ marginBottom: 12 }}
      />
      {templates.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : templates.isError ? (
        <LoadError
          title={t('quotes.toast.templatesLoadError')}
          detail={serverErrorText(templates.error) ?? t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void templates.refetch()}
        />
      ) : templates.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('quotes.templates.empty')} />
      ) : (
        <Flex vertical style={{ maxHeight: '55vh', overflowY: 'auto' }} role="list">
          {templates.data.map((template) => (
            <Flex
              key={template.id}
              role="listitem"
              align="center"
              gap={12}
              style={{ padding: '10px 4px', borderBottom: `1px solid ${zunftColors.border}` }}
            >
              <div style={{ flex: 1, minWidth: 0 }}>
                <Typography.Text strong>{template.name}</Typography.Text>
                {template.description ? (
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, fontSize: 13 }}>
                    {template.description}
                  </Typography.Paragraph>
                ) : null}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('quotes.templates.items', { count: template.item_count })} · {formatCHF(template.total)}
                </Typography.Text>
              </div>
              <Button
                type="primary"
                ghost
                aria-label={`${t('quotes.templates.use')}: ${template.name}`}
                onClick={() => {
                  onPick(template);
                  close();
                }}
              >
                {t('quotes.templates.use')}
              </Button>
            </Flex>
          ))}
        </Flex>
      )}
    </Modal>
  );
}
