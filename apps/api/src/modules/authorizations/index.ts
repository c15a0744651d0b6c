/** Authorizations: named sets of permission keys tied to a service or a branch (SPEC §3, §6). */
export { authorizationsRoutes } from './routes';
