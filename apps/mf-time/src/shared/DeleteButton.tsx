import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTimeT } from './i18n';

interface Props {
  /** The question, e.g. 'Kunde «Muster AG» wirklich löschen?' */
  question: string;
  onConfirm: () => Promise<unknown> | void;
  loading?: boolean;
  block?: boolean;
}

/** Every deletion asks first (part 1 §5). */
export function DeleteButton({ question, onConfirm, loading, block }: Props) {
  const t = useTimeT();
  return (
    <Popconfirm
      title={question}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => onConfirm()}
    >
      <Button danger icon={<DeleteOutlined />} loading={loading} block={block} aria-label={t('common.delete')}>
        {block ? t('common.delete') : null}
      </Button>
    </Popconfirm>
  );
}
