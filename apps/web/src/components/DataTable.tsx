import { Alert, Center, Checkbox, Group, Loader, Pagination, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type RowSelection, selectAllState } from './management/selection';
import { usePaginationLabels } from './pagination';

export interface Column<T> {
  key: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
  width?: number | string;
  align?: 'left' | 'center' | 'right';
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  error?: unknown;
  /** Paging: omitted for short lists shown whole. `page` is 0-based. */
  total?: number;
  page?: number;
  size?: number;
  onPageChange?: (page: number) => void;
  emptyText?: string;
  /** Row number column counted across pages. */
  numbered?: boolean;
  testId?: string;
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /** Bulk selection: a checkbox on every row and "select all" for the shown rows. */
  selection?: RowSelection;
  /** The row's name for its checkbox's accessible name. */
  rowLabel?: (row: T) => string;
}

/** The shared list table: loading, error and empty states, row numbers, paging; scrolls on phones. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const pageLabels = usePaginationLabels();
  const { columns, rows, rowKey, loading, error, total, page = 0, size = 20, onPageChange, numbered } = props;
  const selection = props.selection;
  const shownKeys = (rows ?? []).map(rowKey);
  const allState = selection?.allMatching
    ? 'all'
    : selection
      ? selectAllState(selection.selected, shownKeys)
      : 'none';
  const pages = total !== undefined ? Math.max(1, Math.ceil(total / size)) : 1;

  if (error)
    return <Alert color="red">{error instanceof Error ? error.message : t('errors.loadFailed')}</Alert>;

  return (
    <div data-testid={props.testId ?? 'data-table'}>
      <Table.ScrollContainer minWidth={props.minWidth ?? 640}>
        <Table striped highlightOnHover verticalSpacing="sm" bg="var(--academy-surface)">
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('common.selectAll')}
                    checked={allState === 'all'}
                    indeterminate={allState === 'some'}
                    disabled={shownKeys.length === 0}
                    onChange={() => selection.toggleAll(shownKeys)}
                  />
                </Table.Th>
              )}
              {numbered && <Table.Th w={56}>#</Table.Th>}
              {columns.map((column) => (
                <Table.Th key={column.key} w={column.width} ta={column.align}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows?.map((row, index) => (
              <Table.Tr key={rowKey(row)}>
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={t('common.selectRow', { name: props.rowLabel?.(row) ?? rowKey(row) })}
                      checked={selection.allMatching || selection.selected.has(rowKey(row))}
                      onChange={() => selection.toggle(rowKey(row), shownKeys)}
                    />
                  </Table.Td>
                )}
                {numbered && <Table.Td>{page * size + index + 1}</Table.Td>}
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={column.align}>
                    {column.render(row, index)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loading && (
        <Center py="lg">
          <Loader size="sm" />
        </Center>
      )}
      {!loading && rows?.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          {props.emptyText ?? t('common.empty')}
        </Text>
      )}
      {total !== undefined && onPageChange && pages > 1 && (
        <Group justify="space-between" mt="md">
          <Text fz="sm" c="dimmed">
            {t('common.totalItems', { count: total })}
          </Text>
          <Pagination
            total={pages}
            value={page + 1}
            onChange={(value) => onPageChange(value - 1)}
            size="sm"
            {...pageLabels}
          />
        </Group>
      )}
    </div>
  );
}
