import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown to users who open a management page they hold no permission for. */
export function Unauthorized() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center" data-testid="unauthorized">
        <IconLock size={48} color="#FF5000" aria-hidden />
        <Title order={2}>{t('errors.unauthorizedTitle')}</Title>
        <Text>{t('errors.unauthorized')}</Text>
        <Button component={Link} to="/training-academy" color="accent.6">
          {t('nav.academy')}
        </Button>
      </Stack>
    </Center>
  );
}
