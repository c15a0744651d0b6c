import { Checkbox, Switch } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface SwitchFieldProps<T extends FieldValues, O extends FieldValues> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  disabled?: boolean;
  /** A checkbox instead of a switch. */
  checkbox?: boolean;
}

/** A yes/no field of a react-hook-form form as a switch (or a checkbox). */
export function SwitchField<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  label,
  disabled,
  checkbox,
}: SwitchFieldProps<T, O>) {
  const Toggle = checkbox ? Checkbox : Switch;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Toggle
          label={label}
          checked={field.value === true}
          disabled={disabled}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          color="accent.6"
        />
      )}
    />
  );
}
