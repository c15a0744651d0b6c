import { authorizationNameOf } from '../authorizations';
import { branchNameOf, departmentNameOf, serviceNameOf } from '../org';
import { users } from './tables';

/**
 * The names of a user's service, branch, department and authorization, as columns of a query over
 * `users` (correlated subqueries from org's and authorizations' query pieces: no join to their
 * tables, still one query).
 */
export const placeNames = {
  serviceName: serviceNameOf(users.serviceId),
  branchName: branchNameOf(users.branchId),
  departmentName: departmentNameOf(users.departmentId),
  authorizationName: authorizationNameOf(users.authorizationId),
};
