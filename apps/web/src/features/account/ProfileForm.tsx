import { GENDERS, type TProfile, ZProfileInput } from '@academy/contract';
import { Alert, Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SelectField, useManagedForm } from '../../components/management';
import { useUpdateProfile } from './api';

type Input = z.input<typeof ZProfileInput>;
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
  const { form, error, fail, submit, field } = useManagedForm({
    schema: ZProfileInput,
    fields: FIELDS,
    defaultValues: defaults(profile),
  });

  const onSubmit = submit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(defaults(saved));
        notifications.show({ color: 'green', message: t('account.infoSaved') });
      },
      onError: (failure) => fail(failure),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate data-testid="profile-form">
      {error && (
        <Alert color="red" mb="md">
          {error}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('account.fullName')} withAsterisk autoComplete="name" {...field('fullName')} />
        <TextInput label={t('account.phone')} type="tel" autoComplete="tel" {...field('phone')} />
        <TextInput
          label={t('account.dateOfBirth')}
          type="date"
          autoComplete="bday"
          {...field('dateOfBirth')}
        />
        <SelectField
          control={form.control}
          name="gender"
          label={t('account.gender')}
          data={GENDERS.map((g) => ({ value: g, label: t(`users.genders.${g}`) }))}
          clearable
        />
        <TextInput label={t('account.position')} {...field('position')} />
        <TextInput label={t('account.workplace')} {...field('workplace')} />
      </SimpleGrid>
      <Group justify="flex-end" mt="lg">
        <Button type="submit" color="accent.6" loading={save.isPending} disabled={!form.formState.isDirty}>
          {t('account.saveInfo')}
        </Button>
      </Group>
    </form>
  );
}
