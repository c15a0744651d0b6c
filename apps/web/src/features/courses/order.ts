/** The ids in their new order after moving the item at `from` to `to`. */
export function moved(ids: number[], from: number, to: number): number[] {
  const next = [...ids];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
