import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { type DeleteMutation, useConfirmDelete, useResult } from '../../components/management';

/**
 * Deleting the record a page shows: asks first, then says it is gone (`gone`) and leaves for
 * `to`; a refusal shows in the result dialog and the page stays.
 */
export function useDeleteThenLeave<T extends { id: number }>(
  remove: DeleteMutation,
  gone: string,
  to: string,
) {
  const navigate = useNavigate();
  const result = useResult();
  const deletion = useConfirmDelete<T>(
    remove,
    () => {
      notifications.show({ color: 'green', message: gone });
      navigate(to);
    },
    result,
  );
  return { result, deletion };
}
