/** What other features use of the organisation: its lists and the service → branch → department select. */
export { prefetchServices, useBranches, useDepartmentOptions, useServices } from './api';
export { OrgCascadeFilter, OrgCascadeSelect } from './OrgCascadeSelect';
