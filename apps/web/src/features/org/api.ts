import type { TBranch, TDepartment, TService, TServiceDetail } from '@academy/contract';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { Query } from '../../lib/api';
import { endpoint, listEndpoint } from '../../lib/endpoint';

export const SERVICES_KEY = ['trademarks'] as const;
export const BRANCHES_KEY = ['branches'] as const;
export const DEPARTMENTS_KEY = ['departments'] as const;

/**
 * The organisation's reads: method, path and answer in one place. The footer and the menus read
 * the services on every page; the management pages' changes are in manage-api.ts, out of the first
 * load (decision 184).
 */
const orgApi = {
  services: endpoint<TService[]>('GET', 'trademarks'),
  service: endpoint<TServiceDetail, number>('GET', (id) => `trademarks/${id}`),
  branches: endpoint<TBranch[]>('GET', 'branches'),
  departments: listEndpoint<TDepartment>('departments'),
};

const servicesQuery = () =>
  queryOptions({
    queryKey: SERVICES_KEY,
    queryFn: () => orgApi.services.call(),
    staleTime: 5 * 60_000,
  });

/** Every service (trademark), sorted by id as the API returns them. Public. */
export function useServices() {
  return useQuery(servicesQuery());
}

/** Started with a page by its route: the header's news menu and the footer list the services. */
export function prefetchServices(client: QueryClient): void {
  void client.prefetchQuery(servicesQuery());
}

/** One service with its branches (`/management/service/{id}`). */
export function useServiceDetail(id: number | undefined) {
  return useQuery({
    queryKey: [...SERVICES_KEY, id],
    queryFn: () => orgApi.service.call(id ?? 0),
    enabled: id !== undefined && Number.isInteger(id) && id > 0,
  });
}

/** Every branch (for pickers and filters), sorted by id; or the branches of one service. */
export function useBranches(serviceId?: number | null) {
  return useQuery({
    queryKey: [...BRANCHES_KEY, serviceId ?? 'all'],
    queryFn: () => orgApi.branches.call(undefined, { query: { serviceId: serviceId ?? undefined } }),
    staleTime: 60_000,
  });
}

/** One page of departments (q, branchId, serviceId, page, size). */
export function useDepartmentList(query: Query) {
  return useQuery({
    queryKey: [...DEPARTMENTS_KEY, 'list', query],
    queryFn: () => orgApi.departments.call(undefined, query),
    placeholderData: keepPreviousData,
  });
}

/** Every department of a branch (or of every branch), for pickers. */
export function useDepartmentOptions(branchId?: number | null, enabled = true) {
  return useQuery({
    queryKey: [...DEPARTMENTS_KEY, 'options', branchId ?? 'all'],
    queryFn: async () =>
      (
        await orgApi.departments.call(undefined, {
          branchId: branchId ?? undefined,
          size: 1000,
          sort: 'name',
        })
      ).items,
    enabled,
    staleTime: 60_000,
  });
}
