/** What other features use of the organisation: its lists and the service → branch → department select. */
export { useBranches, useDepartmentOptions, useServices } from './api';
export { OrgCascadeFilter, OrgCascadeSelect } from './OrgCascadeSelect';
