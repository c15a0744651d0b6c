import { useState } from 'react';
import type { ResultState } from './result';

/** The part of a TanStack delete mutation the flow needs. */
export interface DeleteMutation<V> {
  isPending: boolean;
  mutate: (
    variables: V,
    options: { onSuccess: () => void; onError: (error: Error) => void; onSettled: () => void },
  ) => void;
}

interface ConfirmDeleteOptions<T, V> {
  remove: DeleteMutation<V>;
  /** What the mutation is called with, usually the row's id. */
  variables: (item: T) => V;
  deleted: string | ((item: T) => string);
  result: ResultState;
  onDeleted?: (item: T) => void;
}

export interface ConfirmDeleteFlow<T> {
  /** The row waiting for the user's answer. */
  target: T | null;
  ask: (item: T) => void;
  /** Spread onto ConfirmDeleteDialog (with the subject). */
  dialog: { opened: boolean; loading: boolean; onCancel: () => void; onConfirm: () => void };
}

/** Ask before deleting, then show the outcome in the result dialog. */
export function useConfirmDelete<T, V = number>(options: ConfirmDeleteOptions<T, V>): ConfirmDeleteFlow<T> {
  const [target, setTarget] = useState<T | null>(null);
  const { remove, result } = options;
  const confirm = () => {
    if (target === null) return;
    const item = target;
    remove.mutate(options.variables(item), {
      onSuccess: () => {
        result.succeed(typeof options.deleted === 'function' ? options.deleted(item) : options.deleted);
        options.onDeleted?.(item);
      },
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
