import { Flex, Pagination } from 'antd';

/** The paging under a server-paged list (quotes, reports, invoices): shown only when there is more than one page. */
export function ListPagination({
  page,
  pageSize,
  total,
  simple,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  simple: boolean;
  onChange: (page: number) => void;
}) {
  if (total <= pageSize) return null;
  return (
    <Flex justify="center" style={{ marginTop: 16 }}>
      <Pagination
        current={page}
        pageSize={pageSize}
        total={total}
        showSizeChanger={false}
        simple={simple}
        onChange={onChange}
      />
    </Flex>
  );
}
