/** The management kit: the pieces every management page is built from. */
export { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
export { type Column, DataTable, type DataTableProps } from '../DataTable';
export { MessageDialog } from '../MessageDialog';
export { PageHeader } from '../PageHeader';
export { AddButton } from './AddButton';
export { FormModal } from './FormModal';
export { ListPage } from './ListPage';
export { ListSearch } from './ListSearch';
export { OrgCascadeSelect } from './OrgCascadeSelect';
export { branchesOf, cascadeChange, type OrgLevel, type OrgPlace } from './org-cascade';
export { pagedTable } from './paged-table';
export { ResultDialog } from './ResultDialog';
export { DeleteAction, EditAction, RowAction, RowActions } from './RowActions';
export { type Result, type ResultState, useResult } from './result';
export { type RowKey, type RowSelection, useRowSelection } from './selection';
export { useCan, usePermission } from './use-can';
export { type ConfirmDeleteFlow, type DeleteMutation, useConfirmDelete } from './use-confirm-delete';
export { type Editing, useEditing } from './use-editing';
