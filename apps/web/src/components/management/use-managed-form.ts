import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../lib/forms';

type FormRules<I extends FieldValues, O extends FieldValues> =
  | { schema: z.ZodType<O, I>; resolver?: never }
  | { resolver: Resolver<I, unknown, O>; schema?: never };

export type ManagedFormOptions<I extends FieldValues, O extends FieldValues> = FormRules<I, O> & {
  /** The fields the API may name in its per-field messages. */
  fields: readonly string[];
  defaultValues?: DefaultValues<I>;
};

/**
 * A management form: the contract's rules, the message above the fields, and the API's answer to
 * a save put where it belongs (per-field messages on their fields, the rest above them).
 */
export function useManagedForm<I extends FieldValues, O extends FieldValues>(
  options: ManagedFormOptions<I, O>,
) {
  const form = useForm<I, unknown, O>({
    resolver: options.resolver ?? zodResolver(options.schema),
    defaultValues: options.defaultValues,
  });
  const [error, setError] = useState<string | null>(null);
  const { fields } = options;
  return {
    form,
    /** The message above the fields, null when there is none. */
    error,
    setError,
    /** A failed save; `claimedElsewhere` when a field outside the form (a file) shows the message. */
    fail: (failure: unknown, claimedElsewhere = false) => {
      const message = applyServerErrors(failure, form.setError, fields);
      setError(claimedElsewhere ? null : message);
    },
    /** The submit handler: checks the rules, clears the old message, then hands the values on. */
    submit: (save: (values: O) => void) =>
      form.handleSubmit((values) => {
        setError(null);
        save(values);
      }),
    /** A text input's props: registered, with the field's message. */
    field: (name: Path<I>) => ({
      ...form.register(name),
      error: form.getFieldState(name, form.formState).error?.message,
    }),
  };
}

/** A form in a modal: each time the modal opens, its fields show `valuesOnOpen()` and no old message. */
export function useModalForm<I extends FieldValues, O extends FieldValues>(
  opened: boolean,
  valuesOnOpen: () => DefaultValues<I>,
  options: ManagedFormOptions<I, O>,
) {
  const managed = useManagedForm(options);
  const values = useRef(valuesOnOpen);
  values.current = valuesOnOpen;
  const { form, setError } = managed;
  useEffect(() => {
    if (!opened) return;
    setError(null);
    form.reset(values.current());
  }, [opened, form, setError]);
  return managed;
}

/** Calls `reset` each time `opened` turns true (the modal's own state beside the form). */
export function useOnOpen(opened: boolean, reset: () => void) {
  const latest = useRef(reset);
  latest.current = reset;
  const run = useCallback(() => latest.current(), []);
  useEffect(() => {
    if (opened) run();
  }, [opened, run]);
}
