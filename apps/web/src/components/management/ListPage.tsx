import type { ReactNode } from 'react';
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
import { DataTable, type DataTableProps } from '../DataTable';
import { PageHeader } from '../PageHeader';
import { BulkBar } from './BulkBar';
import { ResultDialog } from './ResultDialog';
import type { ResultState } from './result';
import type { ConfirmDeleteFlow } from './use-confirm-delete';

interface ListPageProps<T> {
  title: string;
  /** The header's buttons (add, export…). */
  actions?: ReactNode;
  /** Above the table: search and filters. */
  toolbar?: ReactNode;
  table: DataTableProps<T>;
  /** Shown above the table while rows are selected (table.selection), in the kit's BulkBar. */
  bulkActions?: ReactNode;
  /** Below the table: totals, hints. */
  footer?: ReactNode;
  result: ResultState;
  deletion?: ConfirmDeleteFlow<T>;
  /** The name shown in the confirm-delete dialog. */
  deleteSubject?: (item: T) => string;
  /** Replaces the confirm-delete dialog's standard warning. */
  deleteMessage?: string;
  /** The page's modals (forms). */
  children?: ReactNode;
}

/** A management list: header, toolbar, table with row actions, confirm-delete and the result dialog. */
export function ListPage<T>(props: ListPageProps<T>) {
  const { deletion, table } = props;
  return (
    <>
      <PageHeader title={props.title} actions={props.actions} />
      {props.toolbar}
      {props.bulkActions && table.selection && (
        <BulkBar selection={table.selection} shown={(table.rows ?? []).map(table.rowKey)} total={table.total}>
          {props.bulkActions}
        </BulkBar>
      )}
      <DataTable {...table} />
      {props.footer}
      {props.children}
      {deletion && (
        <ConfirmDeleteDialog
          {...deletion.dialog}
          subject={deletion.target !== null ? props.deleteSubject?.(deletion.target) : undefined}
          message={props.deleteMessage}
        />
      )}
      <ResultDialog state={props.result} />
    </>
  );
}
