import { useParams } from 'react-router';

/**
 * The record id in the address (`:id`): `isNew` when it is absent or the `newWord` (e.g. "new"),
 * `invalid` when it is not a positive whole number.
 */
export function useIdParam(newWord?: string) {
  const param = useParams().id;
  const isNew = param === undefined || param === newWord;
  const id = isNew ? undefined : Number(param);
  const invalid = !isNew && !(Number.isInteger(id) && (id ?? 0) > 0);
  return { id: invalid ? undefined : id, isNew, invalid };
}
