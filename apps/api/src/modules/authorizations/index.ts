/** Authorizations: named sets of permission keys tied to a service or a branch (SPEC §3, §6). */
export { authorizationExistsSql, authorizationNameOf, authorizationPermissionsOf } from './query-pieces';
export { authorizationsRoutes } from './routes';
