import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';

export type ViewMode = 'list' | 'cards';

export interface ViewToggleProps {
  value: ViewMode;
  onChange: (mode: ViewMode) => void;
  /** 'Liste' / 'Karten' in the user's language. */
  listLabel: string;
  cardsLabel: string;
}

/** List/card toggle of the list screens (the spec shows it to backoffice only). */
export function ViewToggle({ value, onChange, listLabel, cardsLabel }: ViewToggleProps) {
  return (
    <Segmented<ViewMode>
      value={value}
      onChange={onChange}
      options={[
        { value: 'list', icon: <UnorderedListOutlined />, label: listLabel },
        { value: 'cards', icon: <AppstoreOutlined />, label: cardsLabel },
      ]}
    />
  );
}
