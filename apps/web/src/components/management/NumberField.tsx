import { NumberInput, type NumberInputProps } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

interface NumberFieldProps<T extends FieldValues, O extends FieldValues>
  extends Omit<NumberInputProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name'> {
  control: Control<T, unknown, O>;
  name: Path<T>;
}

/** A whole, non-negative number of a react-hook-form form, with the field's error under it. */
export function NumberField<T extends FieldValues, O extends FieldValues>({
  control,
  name,
  ...props
}: NumberFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          allowDecimal={false}
          allowNegative={false}
          {...props}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          name={field.name}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
