import type { ReactNode } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { Flex, Input } from 'antd';

export interface ListToolbarProps {
  /** Placeholder and accessible name of the search box, e.g. 'Kunden durchsuchen…'. */
  searchLabel: string;
  search: string;
  onSearch: (value: string) => void;
  /** Controls on the right, e.g. the list/cards toggle; they wrap below the search box on phones. */
  extra?: ReactNode;
}

/** The row above a list: a search box and optional controls. */
export function ListToolbar({ searchLabel, search, onSearch, extra }: ListToolbarProps) {
  return (
    <Flex gap={12} wrap="wrap" justify="space-between" style={{ marginBottom: 16 }}>
      <Input
        allowClear
        size="large"
        prefix={<SearchOutlined />}
        placeholder={searchLabel}
        aria-label={searchLabel}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        style={{ maxWidth: 420, flex: '1 1 240px' }}
      />
      {extra}
    </Flex>
  );
}
