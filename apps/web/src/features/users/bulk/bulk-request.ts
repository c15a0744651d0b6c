import { type TUserBulkAction, USER_ACCESS } from '@academy/contract';
import type { RowSelection } from '../../../components/management';

/** Who a bulk action is for, as POST users/bulk takes it. */
export type BulkTarget =
  | { ids: number[] }
  | { filter: Extract<TUserBulkAction, { filter: unknown }>['filter'] };

/** The users list's search and filters, as the URL holds them. */
export interface UserListState {
  q: string;
  filters: Record<string, string | undefined>;
}

function idOf(value: string | undefined): number | undefined {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The list's search and filters as the bulk action's `filter` (what "all matching" means). */
export function listFilter(list: UserListState): Extract<BulkTarget, { filter: unknown }>['filter'] {
  const { filters } = list;
  const access = USER_ACCESS.find((value) => value === filters.access);
  return {
    ...(list.q.trim() ? { q: list.q.trim() } : {}),
    ...(idOf(filters.serviceId) ? { serviceId: idOf(filters.serviceId) } : {}),
    ...(idOf(filters.branchId) ? { branchId: idOf(filters.branchId) } : {}),
    ...(idOf(filters.departmentId) ? { departmentId: idOf(filters.departmentId) } : {}),
    ...(idOf(filters.authorizationId) ? { authorizationId: idOf(filters.authorizationId) } : {}),
    ...(access ? { access } : {}),
  };
}

/** Every user matching the list when "all matching" is selected, else the ticked ones by id. */
export function bulkTarget(
  selection: Pick<RowSelection, 'selected' | 'allMatching'>,
  list: UserListState,
): BulkTarget {
  if (selection.allMatching) return { filter: listFilter(list) };
  return { ids: [...selection.selected].filter((key): key is number => typeof key === 'number') };
}
