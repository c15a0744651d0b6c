/** What other modules may call in the org module (services, branches, departments). */
export { createBranch, deleteBranch, getBranch, listBranches, updateBranch } from './branches';
export {
  createDepartment,
  deleteDepartment,
  getDepartment,
  listDepartments,
  updateDepartment,
} from './departments';
export { type Placement, resolvePlacement } from './placement';
export { createService, deleteService, getService, listServices, updateService } from './trademarks';
