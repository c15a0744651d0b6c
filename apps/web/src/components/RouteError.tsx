import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from './NotFound';

/** A page that failed to load (e.g. a chunk after a deploy): say so and offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" data-testid="route-error">
        <Title order={2}>{t('errors.pageFailed')}</Title>
        <Text c="dimmed">{t('errors.tryAgain')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
