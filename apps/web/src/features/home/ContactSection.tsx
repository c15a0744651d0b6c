import { type TFooterContactInput, ZFooterContactInput } from '@academy/contract';
import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type ResultState, useManagedForm } from '../../components/management';
import { useSaveContact } from './manage-api';
import { SettingsSection } from './SettingsSection';

const CONTACT_FIELDS = [
  'companyLine',
  'customerCare',
  'address',
  'addressMapUrl',
  'mailbox',
  'social.facebook',
  'social.youtube',
  'social.linkedin',
  'social.instagram',
  'social.tiktok',
] as const;
const SOCIAL_NETWORKS = ['facebook', 'youtube', 'linkedin', 'instagram', 'tiktok'] as const;

/** The footer's contact lines and social links. */
export function ContactSection({ contact, result }: { contact: TFooterContactInput; result: ResultState }) {
  const { t } = useTranslation();
  const save = useSaveContact();
  const { form, error, fail, submit, field } = useManagedForm({
    schema: ZFooterContactInput,
    fields: CONTACT_FIELDS,
    defaultValues: contact,
  });
  useEffect(() => form.reset(contact), [contact, form]);

  const onSubmit = submit((values) =>
    save.mutate(values as TFooterContactInput, {
      onSuccess: () => result.succeed(t('homeAdmin.contactSaved')),
      onError: (failure) => fail(failure),
    }),
  );

  return (
    <SettingsSection
      title={t('homeAdmin.contact')}
      hint={t('homeAdmin.contactHint')}
      testId="contact-section"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {error && <Alert color="red">{error}</Alert>}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            <TextInput label={t('homeAdmin.companyLine')} {...field('companyLine')} />
            <TextInput label={t('homeAdmin.customerCare')} {...field('customerCare')} />
            <TextInput label={t('homeAdmin.address')} {...field('address')} />
            <TextInput
              label={t('homeAdmin.addressMapUrl')}
              placeholder="https://"
              {...field('addressMapUrl')}
            />
            <TextInput label={t('homeAdmin.mailbox')} type="email" {...field('mailbox')} />
          </SimpleGrid>
          <Text fw={600} fz="sm" mt="xs">
            {t('homeAdmin.social')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {SOCIAL_NETWORKS.map((network) => (
              <TextInput
                key={network}
                label={t(`homeAdmin.networks.${network}`)}
                placeholder="https://"
                {...field(`social.${network}`)}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" color="accent.6" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
