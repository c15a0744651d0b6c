import { Alert, Anchor, Container, Divider, Grid, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell, IconDevices, IconKey, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { formatDate } from '../../lib/format';
import { MyReminders } from '../assignments';
import { NotificationPreferences } from '../notifications';
import { AvatarUpload } from './AvatarUpload';
import { useProfile, usePublicConfig } from './api';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';
import { SessionsPanel } from './SessionsPanel';

function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="sm">{value || '—'}</Text>
    </div>
  );
}

/** /account (personal info and avatar), /account/password and /account/sessions (where you're signed in). */
export function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sub = useParams()['*'];
  const tab = sub === 'password' || sub === 'sessions' || sub === 'notifications' ? sub : 'info';
  const profile = useProfile();
  const config = usePublicConfig();
  const external = config.data?.passwordsManagedBy === 'provider';

  return (
    <Container size="lg" py="xl">
      <Title order={1} c="var(--academy-ink)" mb="lg">
        {t('account.title')}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) =>
          navigate(
            value === 'password' || value === 'sessions' || value === 'notifications'
              ? `/account/${value}`
              : '/account',
          )
        }
        color="accent.6"
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="info" leftSection={<IconUser size={16} />}>
            {t('account.personalInfo')}
          </Tabs.Tab>
          <Tabs.Tab value="password" leftSection={<IconKey size={16} />}>
            {t('account.changePassword')}
          </Tabs.Tab>
          <Tabs.Tab value="sessions" leftSection={<IconDevices size={16} />}>
            {t('account.sessionsTab')}
          </Tabs.Tab>
          <Tabs.Tab value="notifications" leftSection={<IconBell size={16} />}>
            {t('account.notificationsTab')}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="info">
          {profile.isPending && <Loading />}
          {profile.error && <Alert color="red">{profile.error.message}</Alert>}
          {profile.data && (
            <Grid gutter="lg">
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Paper withBorder p="lg" radius="lg">
                  <AvatarUpload
                    avatar={profile.data.avatar}
                    name={profile.data.fullName ?? profile.data.employeeCode}
                  />
                  <Divider my="md" />
                  <Stack gap="sm">
                    <Fact label={t('account.employeeCode')} value={profile.data.employeeCode} />
                    <Fact label={t('account.email')} value={profile.data.email} />
                    <Fact label={t('account.service')} value={profile.data.serviceName} />
                    <Fact label={t('account.branch')} value={profile.data.branchName} />
                    <Fact label={t('account.department')} value={profile.data.departmentName} />
                    <Fact label={t('account.authorization')} value={profile.data.authorizationName} />
                    <Fact
                      label={t('account.authorizedOn')}
                      value={profile.data.authorizedOn ? formatDate(profile.data.authorizedOn) : null}
                    />
                  </Stack>
                  <Text fz="xs" c="dimmed" mt="md">
                    {t('account.managedByAdmin')}
                  </Text>
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Paper withBorder p="lg" radius="lg">
                  <Title order={2} size="h3" mb="md">
                    {t('account.personalInfo')}
                  </Title>
                  <ProfileForm key={profile.data.id} profile={profile.data} />
                </Paper>
              </Grid.Col>
            </Grid>
          )}
        </Tabs.Panel>

        <Tabs.Panel value="password">
          <Paper withBorder p="lg" radius="lg" maw={520}>
            <Title order={2} size="h3" mb="md">
              {t('account.changePassword')}
            </Title>
            {external ? (
              <Alert color="brand" data-testid="passwords-external">
                {t('account.passwordsExternal')}{' '}
                <Anchor href={config.data?.oidc.authority} target="_blank" rel="noopener noreferrer">
                  {t('account.openProvider')}
                </Anchor>
              </Alert>
            ) : (
              <ChangePasswordForm
                onChanged={() =>
                  notifications.show({ color: 'green', message: t('account.passwordChanged') })
                }
              />
            )}
          </Paper>
        </Tabs.Panel>
        <Tabs.Panel value="sessions">
          <SessionsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <Stack gap="lg">
            <NotificationPreferences />
            <MyReminders />
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

export default AccountPage;
