import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/**
 * How the form holds the picked option: `string` ('' when none), `nullable` (the string or null)
 * or `number` (an id, null when none).
 */
export type SelectValueKind = 'string' | 'nullable' | 'number';

interface SelectFieldProps<T extends FieldValues, O extends FieldValues>
  extends Omit<SelectProps, 'value' | 'onChange' | 'error' | 'name'> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  kind?: SelectValueKind;
  /** After the field took the picked value (e.g. clear a field that depends on it). */
  onPicked?: (value: string | null) => void;
}

function shown(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : String(value);
}

function held(value: string | null, kind: SelectValueKind): string | number | null {
  if (kind === 'number') return value ? Number(value) : null;
  return kind === 'nullable' ? value : (value ?? '');
}

/** A Select bound to a react-hook-form field, with the field's error under it. */
export function SelectField<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  kind = 'string',
  onPicked,
  ...props
}: SelectFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...props}
          value={shown(field.value)}
          onChange={(value) => {
            field.onChange(held(value, kind));
            onPicked?.(value);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
