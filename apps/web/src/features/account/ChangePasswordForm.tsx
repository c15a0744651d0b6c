import { type TChangePassword, ZChangePassword } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CURRENT_USER_KEY } from '../../app/auth/AuthProvider';
import { applyServerErrors } from '../../lib/forms';
import { changePassword } from './api';

const FIELDS = ['oldPassword', 'newPassword', 'confirmPassword'] as const;

/** PUT users/change-password with the contract's rules; used by the account page and the gate. */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TChangePassword>({
    resolver: zodResolver(ZChangePassword),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      form.reset();
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      onChanged?.();
    },
    onError: (error) => setFormError(applyServerErrors(error, form.setError, FIELDS)),
  });
  const { errors } = form.formState;

  return (
    <form
      data-testid="change-password-form"
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setFormError(null);
        change.mutate(values);
      })}
    >
      <Stack gap="md">
        {formError && <Alert color="red">{formError}</Alert>}
        {FIELDS.map((field) => (
          <PasswordInput
            key={field}
            label={t(`account.${field}`)}
            autoComplete={field === 'oldPassword' ? 'current-password' : 'new-password'}
            withAsterisk
            error={errors[field]?.message}
            {...form.register(field)}
          />
        ))}
        <Button type="submit" loading={change.isPending} color="accent.6">
          {t('account.changePassword')}
        </Button>
      </Stack>
    </form>
  );
}
