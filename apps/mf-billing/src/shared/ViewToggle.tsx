import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import { useBillingT } from './i18n';

export type ViewMode = 'list' | 'cards';

/** List/card toggle of the quotes screen (part 2 §2). */
export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  const t = useBillingT();
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
