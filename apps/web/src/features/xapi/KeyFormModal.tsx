import { type TXapiCredentialCreated, ZXapiCredentialInput } from '@academy/contract';
import { Group, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormModal, SwitchField, useModalForm } from '../../components/management';
import { useAddLrsKey } from './api';

const FIELDS = ['name', 'read', 'write'] as const;

interface KeyFormModalProps {
  opened: boolean;
  onClose: () => void;
  onMade: (made: TXapiCredentialCreated & { name: string }) => void;
}

/** Make a key for a system: its name and whether it reads, writes or both. */
export function KeyFormModal({ opened, onClose, onMade }: KeyFormModalProps) {
  const { t } = useTranslation();
  const add = useAddLrsKey();
  const { form, error, fail, submit, field } = useModalForm(
    opened,
    () => ({ name: '', read: true, write: true }),
    { schema: ZXapiCredentialInput, fields: FIELDS, defaultValues: { name: '', read: true, write: true } },
  );
  const readError = form.formState.errors.read?.message;
  const onSubmit = submit((values) =>
    add.mutate(values, {
      onSuccess: (made) => onMade({ ...made, name: values.name }),
      onError: (failure) => fail(failure),
    }),
  );
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('xapi.keys.addTitle')}
      onSubmit={onSubmit}
      error={error}
      saving={add.isPending}
      saveLabel={t('xapi.keys.make')}
      testId="lrs-key-form"
    >
      <TextInput
        label={t('xapi.keys.name')}
        description={t('xapi.keys.nameHint')}
        withAsterisk
        data-autofocus
        {...field('name')}
      />
      <div>
        <Text fz="sm" fw={500} mb={6}>
          {t('xapi.keys.access')}
        </Text>
        <Group gap="lg">
          <SwitchField control={form.control} name="read" label={t('xapi.keys.read')} checkbox />
          <SwitchField control={form.control} name="write" label={t('xapi.keys.write')} checkbox />
        </Group>
        {readError && (
          <Text c="red" fz="xs" mt={4} role="alert">
            {readError}
          </Text>
        )}
      </div>
    </FormModal>
  );
}
