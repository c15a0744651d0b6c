import type { Column } from '../../components/management';
import { moved } from './order';
import { ReorderButtons } from './ReorderButtons';

interface OrderColumnOptions<T> {
  rows: readonly T[];
  header: string;
  /** Sends the new order of ids; a failure goes to `onError`. */
  reorder: {
    isPending: boolean;
    mutate: (ids: number[], options: { onError: (error: Error) => void }) => void;
  };
  onError: (error: Error) => void;
}

/** The move-up / move-down column of an ordered list (topics of a course, lessons of a topic). */
export function orderColumn<T extends { id: number; name: string }>({
  rows,
  header,
  reorder,
  onError,
}: OrderColumnOptions<T>): Column<T> {
  const move = (from: number, to: number) =>
    reorder.mutate(
      moved(
        rows.map((row) => row.id),
        from,
        to,
      ),
      { onError },
    );
  return {
    key: 'order',
    header,
    width: 100,
    render: (row, index) => (
      <ReorderButtons
        index={index}
        count={rows.length}
        name={row.name}
        disabled={reorder.isPending}
        onMove={move}
      />
    ),
  };
}
