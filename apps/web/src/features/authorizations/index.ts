/** What other features use of the authorizations: their names for pickers and filters. */
export { useAuthorizationOptions } from './api';
