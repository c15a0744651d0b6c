import { Switch } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface SwitchFieldProps<T extends FieldValues, O extends FieldValues> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  disabled?: boolean;
}

/** A yes/no field of a react-hook-form form as a switch. */
export function SwitchField<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  label,
  disabled,
}: SwitchFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
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
