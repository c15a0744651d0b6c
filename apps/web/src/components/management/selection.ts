import { useCallback, useMemo, useState } from 'react';

export type RowKey = string | number;

/** Whether the header's "select all" box is checked, half-checked or empty for the shown rows. */
export function selectAllState(
  selected: ReadonlySet<RowKey>,
  shown: readonly RowKey[],
): 'all' | 'some' | 'none' {
  const count = shown.filter((key) => selected.has(key)).length;
  if (count === 0) return 'none';
  return count === shown.length ? 'all' : 'some';
}

/** "Select all" on the shown rows: selects them all, or clears them when all were selected. */
export function toggleAll(selected: ReadonlySet<RowKey>, shown: readonly RowKey[]): Set<RowKey> {
  const next = new Set(selected);
  if (selectAllState(selected, shown) === 'all') for (const key of shown) next.delete(key);
  else for (const key of shown) next.add(key);
  return next;
}

export function toggleOne(selected: ReadonlySet<RowKey>, key: RowKey): Set<RowKey> {
  const next = new Set(selected);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

export interface RowSelection {
  selected: ReadonlySet<RowKey>;
  toggle: (key: RowKey) => void;
  toggleAll: (shown: readonly RowKey[]) => void;
  clear: () => void;
}

/** The checked rows of a list for bulk actions; pass it to DataTable's `selection`. */
export function useRowSelection(): RowSelection {
  const [selected, setSelected] = useState<ReadonlySet<RowKey>>(new Set());
  const toggle = useCallback((key: RowKey) => setSelected((current) => toggleOne(current, key)), []);
  const all = useCallback(
    (shown: readonly RowKey[]) => setSelected((current) => toggleAll(current, shown)),
    [],
  );
  const clear = useCallback(() => setSelected(new Set()), []);
  return useMemo(() => ({ selected, toggle, toggleAll: all, clear }), [selected, toggle, all, clear]);
}
