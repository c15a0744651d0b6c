import { Select, type SelectProps } from '@mantine/core';

interface FilterSelectProps extends Omit<SelectProps, 'value' | 'onChange' | 'name' | 'list'> {
  /** The list's filters in the URL and how to change them (useListParams). */
  list: { filters: Record<string, string>; update: (changes: Record<string, string | null>) => void };
  /** The filter's search parameter. */
  name: string;
  /** The accessible name, and the placeholder unless one is given. */
  label: string;
}

/** A list's filter as a clearable select, kept in the URL with the list's other filters. */
export function FilterSelect({ list, name, label, placeholder, ...props }: FilterSelectProps) {
  return (
    <Select
      aria-label={label}
      placeholder={placeholder ?? label}
      value={list.filters[name] ?? null}
      onChange={(value) => list.update({ [name]: value })}
      clearable
      {...props}
    />
  );
}
