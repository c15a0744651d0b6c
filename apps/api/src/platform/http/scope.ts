import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Whose people and places a manager may see and change (issue 20, spec §3/§6): administrators
 * everything; the holder of an authorization tied to a branch that branch, tied to a service every
 * branch of that service. Management routes narrow their reads with `placeWithin` (ids outside
 * answer 404, lists and exports leave them out) and check writes with `isPlaceWithin`.
 */
export type ManagementScope =
  | { kind: 'all' }
  | { kind: 'service'; serviceId: number }
  | { kind: 'branch'; branchId: number }
  /** A user without an authorization: no management rights, so nothing to see. */
  | { kind: 'none' };

export const EVERYTHING: ManagementScope = { kind: 'all' };

/** The scope of a user from their role and their authorization's branch or service. */
export function scopeOf(
  role: string,
  authorization: { serviceId: number | null; branchId: number | null } | null,
): ManagementScope {
  if (role === 'ROLE_ADMIN') return EVERYTHING;
  // An authorization tied to a branch of a service is the narrower of the two: the branch.
  if (authorization?.branchId != null) return { kind: 'branch', branchId: authorization.branchId };
  if (authorization?.serviceId != null) return { kind: 'service', serviceId: authorization.serviceId };
  return { kind: 'none' };
}

/** Where a row stands: its service and branch columns (or SQL expressions that give them). */
export type PlaceColumns = { serviceId: SQLWrapper; branchId: SQLWrapper };

/** The condition "this row's place is inside the scope"; undefined when everything is. */
export function placeWithin(scope: ManagementScope, place: PlaceColumns): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'service':
      return eq(place.serviceId, scope.serviceId);
    case 'branch':
      return eq(place.branchId, scope.branchId);
    case 'none':
      return sql`false`;
  }
}

/** Whether a place (a user's, a department's, a roadmap's) is inside the scope. */
export function isPlaceWithin(
  scope: ManagementScope,
  place: { serviceId: number | null; branchId: number | null },
): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'service':
      return place.serviceId === scope.serviceId;
    case 'branch':
      return place.branchId === scope.branchId;
    case 'none':
      return false;
  }
}
