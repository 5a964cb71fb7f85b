import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import { useTimeT } from './i18n';

export type ViewMode = 'list' | 'cards';

/** List/card toggle (part 1 §2: shown to backoffice only). */
export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  const t = useTimeT();
  return (
    <Segmented<ViewMode>
      value={value}
      onChange={onChange}
      options={[
        { value: 'list', icon: <UnorderedListOutlined />, label: t('common.viewList') },
        { value: 'cards', icon: <AppstoreOutlined />, label: t('common.viewCards') },
      ]}
    />
  );
}
