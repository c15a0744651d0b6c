import { UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface SortHeaderProps {
  label: string;
  field: string;
  /** The list's `sort` parameter, e.g. `fullName,desc`. */
  sort: string | undefined;
  /** Called with this column's field; the page works out the next sort from the latest params. */
  onSort: (field: string) => void;
}

/** A column header that sorts the list on the server: ascending, then descending, then off. */
/** The sort after a click on `field`'s header: ascending, then descending, then none. */
export function nextSort(sort: string | null | undefined, field: string): string | null {
  const [current, direction] = (sort ?? '').split(',');
  if (current !== field) return `${field},asc`;
  return direction === 'desc' ? null : `${field},desc`;
}

export function SortHeader({ label, field, sort, onSort }: SortHeaderProps) {
  const { t } = useTranslation();
  const [current, direction] = (sort ?? '').split(',');
  const active = current === field;
  const Icon = !active ? IconArrowsSort : direction === 'desc' ? IconArrowDown : IconArrowUp;
  return (
    <UnstyledButton
      onClick={() => onSort(field)}
      fw={700}
      fz="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
      aria-label={t('users.sortBy', { column: label })}
    >
      {label}
      <Icon size={14} color={active ? '#FF5000' : '#868e96'} aria-hidden />
    </UnstyledButton>
  );
}
