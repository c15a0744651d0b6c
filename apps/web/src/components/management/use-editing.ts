import { useState } from 'react';
import type { ResultState } from './result';

export interface Editing<T> {
  opened: boolean;
  /** The row being edited; undefined while adding. */
  item: T | undefined;
  isNew: boolean;
  add: () => void;
  edit: (item: T) => void;
  close: () => void;
  /** The form's `onSaved`: closes it and says what was done (`added` or `saved`) in the result dialog. */
  savedWith: (result: ResultState, added: string, saved: string) => () => void;
}

/** Which row a form modal edits, or that it adds a new one. */
export function useEditing<T>(): Editing<T> {
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return {
    opened: editing !== null,
    item: editing === 'new' || editing === null ? undefined : editing,
    isNew: editing === 'new',
    add: () => setEditing('new'),
    edit: setEditing,
    close: () => setEditing(null),
    savedWith: (result, added, saved) => () => {
      result.succeed(editing === 'new' ? added : saved);
      setEditing(null);
    },
  };
}
