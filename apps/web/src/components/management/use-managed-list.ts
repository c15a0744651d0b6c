import { useListParams } from '../../lib/use-list-params';
import { useResult } from './result';
import { type DeleteMutation, useConfirmDelete } from './use-confirm-delete';

/**
 * What a management list page keeps: its place in the URL (page, search, filters), the result of
 * its actions, and the confirm-delete flow of its rows (`deleted` as in useConfirmDelete).
 */
export function useManagedList<T extends { id: number }>(
  remove: DeleteMutation,
  deleted: string | ((item: T) => void),
  pageSize?: number,
) {
  const list = useListParams(pageSize);
  const result = useResult();
  const deletion = useConfirmDelete<T>(remove, deleted, result);
  return { list, result, deletion };
}
