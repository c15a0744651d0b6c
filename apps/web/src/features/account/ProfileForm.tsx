import { GENDERS, type TProfile, ZProfileInput } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerErrors } from '../../lib/forms';
import { useUpdateProfile } from './api';

type Input = z.input<typeof ZProfileInput>;
type Output = z.output<typeof ZProfileInput>;
const FIELDS = ['fullName', 'phone', 'dateOfBirth', 'gender', 'workplace', 'position'] as const;

function defaults(profile: TProfile): Input {
  return {
    fullName: profile.fullName ?? '',
    phone: profile.phone ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
    gender: profile.gender ?? '',
    workplace: profile.workplace ?? '',
    position: profile.position ?? '',
  };
}

/** PUT users/info: what a user may change about themselves. */
export function ProfileForm({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const save = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(ZProfileInput),
    defaultValues: defaults(profile),
  });
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(defaults(saved));
        notifications.show({ color: 'green', message: t('account.infoSaved') });
      },
      onError: (error) => setFormError(applyServerErrors(error, form.setError, FIELDS)),
    });
  });

  return (
    <form onSubmit={submit} noValidate data-testid="profile-form">
      {formError && (
        <Alert color="red" mb="md">
          {formError}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('account.fullName')}
          withAsterisk
          autoComplete="name"
          error={errors.fullName?.message}
          {...form.register('fullName')}
        />
        <TextInput
          label={t('account.phone')}
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <TextInput
          label={t('account.dateOfBirth')}
          type="date"
          autoComplete="bday"
          error={errors.dateOfBirth?.message}
          {...form.register('dateOfBirth')}
        />
        <Controller
          control={form.control}
          name="gender"
          render={({ field }) => (
            <Select
              label={t('account.gender')}
              data={GENDERS.map((g) => ({ value: g, label: t(`users.genders.${g}`) }))}
              value={typeof field.value === 'string' && field.value ? field.value : null}
              onChange={(value) => field.onChange(value ?? '')}
              clearable
              error={errors.gender?.message}
            />
          )}
        />
        <TextInput
          label={t('account.position')}
          error={errors.position?.message}
          {...form.register('position')}
        />
        <TextInput
          label={t('account.workplace')}
          error={errors.workplace?.message}
          {...form.register('workplace')}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        <Button type="submit" color="accent.6" loading={save.isPending} disabled={!isDirty}>
          {t('account.saveInfo')}
        </Button>
      </Group>
    </form>
  );
}
