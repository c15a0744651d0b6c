/** The management kit: the pieces every management page is built from. */
export { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
export { type Column, DataTable, type DataTableProps } from '../DataTable';
export { type ImageChoice, ImageChoiceField, useImageChoice } from '../ImageChoice';
export { Loaded } from '../Loaded';
export { Loading } from '../Loading';
export { MessageDialog } from '../MessageDialog';
export { PageHeader } from '../PageHeader';
export { AddButton } from './AddButton';
export { CellLines } from './CellLines';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { BackLink, EditPageFrame } from './EditPageFrame';
export { FilterSelect } from './FilterSelect';
export { useFoldingFilters } from './FoldingFilters';
export { FormActions } from './FormActions';
export { FormModal } from './FormModal';
export { ListPage } from './ListPage';
export { ListSearch } from './ListSearch';
export { ModalActions } from './ModalActions';
export { NumberField } from './NumberField';
export { OrgCascadeSelect, type OrgCascadeSelectProps, type OrgChoices } from './OrgCascadeSelect';
export {
  branchesOf,
  branchGroups,
  cascadeChange,
  type OrgLevel,
  type OrgPlace,
  type SelectGroup,
  serviceOptions,
} from './org-cascade';
export { pagedTable } from './paged-table';
export { type Can, PermissionsProvider, useCan, usePermission } from './permissions';
export { ResultDialog } from './ResultDialog';
export {
  actionsColumn,
  DeleteAction,
  EditAction,
  EditDeleteActions,
  RowAction,
  RowActions,
} from './RowActions';
export { type Result, type ResultState, useResult } from './result';
export { SelectField, type SelectValueKind } from './SelectField';
export { SwitchField } from './SwitchField';
export { type RowKey, type RowSelection, selectionCount, useRowSelection } from './selection';
export { type ConfirmDeleteFlow, type DeleteMutation, useConfirmDelete } from './use-confirm-delete';
export { type Editing, useEditing } from './use-editing';
export { type ManagedFormOptions, useManagedForm, useModalForm, useOnOpen } from './use-managed-form';
export { useManagedList } from './use-managed-list';
