import { Container, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './ChangePasswordForm';

/** The only screen a user with a temporary password sees until they choose their own. */
export function ChangePasswordScreen() {
  const { t } = useTranslation();
  return (
    <Container size={460} py={48}>
      <Paper withBorder shadow="sm" p="xl" radius="lg">
        <Title order={2} mb="xs">
          {t('account.firstPasswordTitle')}
        </Title>
        <Text c="dimmed" mb="lg">
          {t('account.firstPasswordHint')}
        </Text>
        <ChangePasswordForm />
      </Paper>
    </Container>
  );
}
