/**
 * The learning record store (xAPI 1.0.3): statements, documents, activities and agents at
 * /services/core/xapi, reached with key/secret pairs that administrators make through the API.
 */

export { xapiCredentialRoutes } from './credential-routes';
export { createCredential } from './credentials';
export { lrsRoutes, XAPI_PREFIX } from './lrs-routes';
