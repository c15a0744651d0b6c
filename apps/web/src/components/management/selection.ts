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

/** Unticking one row while every matching row was selected: the shown rows stay, but that one. */
export function allShownBut(shown: readonly RowKey[], key: RowKey): Set<RowKey> {
  return new Set(shown.filter((shownKey) => shownKey !== key));
}

/** How many rows a bulk action would reach: every matching one, or those ticked. */
export function selectionCount(selection: Pick<RowSelection, 'selected' | 'allMatching'>, total = 0): number {
  return selection.allMatching ? total : selection.selected.size;
}

/** Whether to offer "select all N matching": the shown page is ticked whole and more rows match. */
export function offersAllMatching(
  selection: Pick<RowSelection, 'selected' | 'allMatching'>,
  shown: readonly RowKey[],
  total = 0,
): boolean {
  return (
    !selection.allMatching &&
    shown.length > 0 &&
    total > selection.selected.size &&
    selectAllState(selection.selected, shown) === 'all'
  );
}

export interface RowSelection {
  selected: ReadonlySet<RowKey>;
  /** Every row matching the list's filters, on every page: bulk actions then name the filters. */
  allMatching: boolean;
  /** Ticks or unticks one of the `shown` rows. */
  toggle: (key: RowKey, shown: readonly RowKey[]) => void;
  toggleAll: (shown: readonly RowKey[]) => void;
  selectAllMatching: () => void;
  clear: () => void;
}

interface SelectionState {
  scope: string;
  selected: ReadonlySet<RowKey>;
  allMatching: boolean;
}

const EMPTY: ReadonlySet<RowKey> = new Set();

/**
 * The checked rows of a list for bulk actions; pass it to DataTable's `selection`. `scope` names
 * what the rows are chosen from (the list's search and filters): when it changes, the selection
 * starts empty, so that an action never reaches rows the user no longer sees chosen.
 */
export function useRowSelection(scope = ''): RowSelection {
  const [state, setState] = useState<SelectionState>({ scope, selected: EMPTY, allMatching: false });
  const current = state.scope === scope ? state : { scope, selected: EMPTY, allMatching: false };
  const update = useCallback(
    (next: (latest: SelectionState) => Omit<SelectionState, 'scope'>) =>
      setState((latest) => {
        const fresh = latest.scope === scope ? latest : { scope, selected: EMPTY, allMatching: false };
        return { scope, ...next(fresh) };
      }),
    [scope],
  );
  const toggle = useCallback(
    (key: RowKey, shown: readonly RowKey[]) =>
      update((latest) => ({
        selected: latest.allMatching ? allShownBut(shown, key) : toggleOne(latest.selected, key),
        allMatching: false,
      })),
    [update],
  );
  const all = useCallback(
    (shown: readonly RowKey[]) =>
      update((latest) =>
        latest.allMatching
          ? { selected: EMPTY, allMatching: false }
          : { selected: toggleAll(latest.selected, shown), allMatching: false },
      ),
    [update],
  );
  const selectAllMatching = useCallback(
    () => update((latest) => ({ selected: latest.selected, allMatching: true })),
    [update],
  );
  const clear = useCallback(() => update(() => ({ selected: EMPTY, allMatching: false })), [update]);
  const { selected, allMatching } = current;
  return useMemo(
    () => ({ selected, allMatching, toggle, toggleAll: all, selectAllMatching, clear }),
    [selected, allMatching, toggle, all, selectAllMatching, clear],
  );
}
