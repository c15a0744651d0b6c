import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SignInFailure } from './failure';

/**
 * What happened and what to do when signing in did not complete. Nothing here starts sign-in by
 * itself: the user chooses, so a refusal never becomes a loop.
 */
export function AuthFailure({
  failure,
  onRetry,
  onSignOutProvider,
}: {
  failure: SignInFailure;
  onRetry: () => void;
  /** Shown when the provider may still hold a session for the refused account. */
  onSignOutProvider?: () => void;
}) {
  const { t } = useTranslation();
  const detail = 'detail' in failure ? failure.detail : '';
  return (
    <Center mih="60vh" p="md">
      <Stack maw={560} data-testid="sign-in-failure" data-kind={failure.kind}>
        <Alert color="red" title={t('auth.failure.title')} role="alert">
          <Text>{t(`auth.failure.${failure.kind}`, { detail })}</Text>
          <Text mt="xs" size="sm">
            {t(`auth.failure.${failure.kind}Hint`)}
          </Text>
        </Alert>
        <Group>
          <Button onClick={onRetry}>{t('auth.failure.tryAgain')}</Button>
          {onSignOutProvider ? (
            <Button variant="default" onClick={onSignOutProvider}>
              {t('auth.failure.signOutProvider')}
            </Button>
          ) : null}
          <Button component="a" href="/" variant="subtle">
            {t('auth.failure.home')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
