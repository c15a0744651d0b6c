import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Any unknown path: "Can't find url". */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" data-testid="not-found">
        <Title order={1} c="var(--academy-accent-text)" fz={72}>
          404
        </Title>
        <Text fz="lg" fw={600}>
          {t('errors.notFound')}
        </Text>
        <Button component={Link} to="/" variant="light">
          {t('common.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
