/** Authorizations: named sets of permission keys tied to a service or a branch (SPEC §3, §6). */
export {
  authorizationBranchIdOf,
  authorizationDirectory,
  authorizationExistsSql,
  authorizationNameOf,
  authorizationPermissionsOf,
  authorizationServiceIdOf,
} from './query-pieces';
export { authorizationsRoutes } from './routes';
export { assertMayChangeKeys, permissionsOf } from './service';
