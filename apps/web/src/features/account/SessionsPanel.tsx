import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading';
import { formatDateTime } from '../../lib/format';
import { useSessions, useSignOutOtherSessions, useSignOutSession } from './api';
import { describeDevice } from './device';

/** /account/sessions: where the user is signed in, with sign-out of one or every other session. */
export function SessionsPanel() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Paper withBorder p="lg" radius="lg" maw={720}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={2} size="h3">
          {t('account.sessions.title')}
        </Title>
        <Button
          variant="light"
          color="red"
          disabled={others === 0}
          loading={signOutOthers.isPending}
          data-testid="sign-out-others"
          onClick={() =>
            signOutOthers.mutate(undefined, {
              onSuccess: ({ ended }) =>
                notifications.show({
                  color: 'green',
                  message: t('account.sessions.othersEnded', { count: ended }),
                }),
            })
          }
        >
          {t('account.sessions.signOutOthers')}
        </Button>
      </Group>
      <Text fz="sm" c="dimmed" mb="md">
        {t('account.sessions.intro')}
      </Text>
      {sessions.isPending && <Loading py="lg" />}
      {sessions.error && <Alert color="red">{sessions.error.message}</Alert>}
      {(signOutOne.error || signOutOthers.error) && (
        <Alert color="red" mb="md">
          {(signOutOne.error ?? signOutOthers.error)?.message}
        </Alert>
      )}
      <Stack gap="sm" data-testid="sessions">
        {sessions.data?.map((session) => {
          const device = describeDevice(session.userAgent);
          const name =
            device.browser && device.system
              ? t('account.sessions.browserOn', { browser: device.browser, system: device.system })
              : (device.browser ?? device.system ?? t('account.sessions.unknownDevice'));
          return (
            <Paper key={session.id} withBorder p="md" radius="md" data-testid="session">
              <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 220px' }}>
                  <IconDeviceDesktop size={22} aria-hidden style={{ flexShrink: 0 }} />
                  <div>
                    <Group gap="xs">
                      <Text fw={600}>{name}</Text>
                      {session.current && (
                        <Badge color="green" variant="light" data-testid="current-session">
                          {t('account.sessions.thisDevice')}
                        </Badge>
                      )}
                    </Group>
                    <Text fz="sm" c="dimmed">
                      {t('account.sessions.details', {
                        ip: session.ip ?? '—',
                        seen: formatDateTime(session.lastSeenAt),
                        since: formatDateTime(session.createdAt),
                      })}
                    </Text>
                  </div>
                </Group>
                {!session.current && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    loading={signOutOne.isPending && signOutOne.variables === session.id}
                    onClick={() => signOutOne.mutate(session.id)}
                    aria-label={t('account.sessions.signOutNamed', { name })}
                  >
                    {t('account.sessions.signOut')}
                  </Button>
                )}
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Paper>
  );
}
