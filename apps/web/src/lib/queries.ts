import {
  keepPreviousData,
  type QueryKey,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Query } from './api';
import type { Endpoint, ListEndpoint } from './endpoint';

/** A record id from the address or a row: a positive whole number. */
export function validId(id: number | null | undefined): id is number {
  return typeof id === 'number' && Number.isInteger(id) && id > 0;
}

/** One page of a list endpoint under `[...key, 'list', query]`; the last page stays shown while the next loads. */
export function pagedListQuery<R>(key: QueryKey, list: ListEndpoint<void, R>, query: Query) {
  return queryOptions({
    queryKey: [...key, 'list', query],
    queryFn: () => list.call(undefined, query),
    placeholderData: keepPreviousData,
  });
}

export function usePagedList<R>(key: QueryKey, list: ListEndpoint<void, R>, query: Query, enabled = true) {
  return useQuery({ ...pagedListQuery(key, list, query), enabled });
}

/** One record by id under `[...key, 'one', id]`, asked only once there is a valid id. */
export function useRecord<R>(
  key: QueryKey,
  read: Endpoint<number, R>,
  id: number | null | undefined,
  options: { retry?: false } = {},
) {
  return useQuery({
    queryKey: [...key, 'one', id],
    queryFn: () => read.call(id as number),
    enabled: validId(id),
    ...options,
  });
}

/** Refreshes every query under each key; the promise settles when they have. */
export function useInvalidate(...keys: QueryKey[]): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A change sent to the API, after which the queries under `keys` are asked again. */
export function useChange<V, R>(change: (variables: V) => Promise<R>, ...keys: QueryKey[]) {
  const invalidate = useInvalidate(...keys);
  return useMutation({ mutationFn: change, onSuccess: () => invalidate() });
}

/** Adds (POST) without an id, edits (PUT `…/{id}`) with one: the save of a form that does both. */
export function addOrEdit<R, B>(add: Endpoint<void, R>, edit: Endpoint<number, R>) {
  return ({ id, body }: { id?: number | null; body: B }) =>
    id ? edit.call(id, { body }) : add.call(undefined, { body });
}
