/** The organisation: services (trademarks), branches and departments. */
export type { PlacedUsers, PlacementColumn } from './placed-users';
export { type Placement, resolvePlacement } from './placement';
export {
  findPlaceByName,
  type PlaceByName,
  type PlaceDirectoryEntry,
  type PlaceNamed,
  placeDirectory,
} from './places-by-name';
export {
  branchExistsSql,
  branchNameOf,
  departmentNameOf,
  serviceIdOfBranch,
  serviceNameOf,
  serviceNameOfBranch,
} from './query-pieces';
export { orgRoutes } from './routes';
export { listServices, serviceExists } from './trademarks';
