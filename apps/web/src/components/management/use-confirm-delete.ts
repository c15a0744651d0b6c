import { useState } from 'react';
import type { ResultState } from './result';

/** The part of a TanStack delete mutation (called with the row's id) the flow needs. */
export interface DeleteMutation {
  isPending: boolean;
  mutate: (
    id: number,
    options: { onSuccess: () => void; onError: (error: Error) => void; onSettled: () => void },
  ) => void;
}

export interface ConfirmDeleteFlow<T> {
  /** The row waiting for the user's answer. */
  target: T | null;
  ask: (item: T) => void;
  /** Spread onto ConfirmDeleteDialog (with the subject). */
  dialog: { opened: boolean; loading: boolean; onCancel: () => void; onConfirm: () => void };
}

/**
 * Ask before deleting a row, then show the outcome as the result: the `deleted` message (or what
 * the `deleted` function shows, e.g. a notification) or the API's message.
 */
export function useConfirmDelete<T extends { id: number }>(
  remove: DeleteMutation,
  deleted: string | ((item: T) => void),
  result: ResultState,
): ConfirmDeleteFlow<T> {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = () => {
    if (target === null) return;
    const item = target;
    remove.mutate(item.id, {
      onSuccess: () => (typeof deleted === 'string' ? result.succeed(deleted) : deleted(item)),
      onError: (error) => result.fail(error),
      onSettled: () => setTarget(null),
    });
  };
  return {
    target,
    ask: setTarget,
    dialog: {
      opened: target !== null,
      loading: remove.isPending,
      onCancel: () => setTarget(null),
      onConfirm: confirm,
    },
  };
}
