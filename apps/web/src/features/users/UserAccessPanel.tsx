import { type TUserDetail, zNewPassword } from '@academy/contract';
import { Alert, Button, Group, Modal, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth/AuthProvider';
import { useAnnounceModal } from '../../lib/use-announce-modal';
import { toUpdateValues, useUpdateUser } from './api';
import { useAccessChange } from './use-access-change';

/** Stop or allow a user's access, and reset their password to a new temporary one. */
export function UserAccessPanel({ user }: { user: TUserDetail }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const [resetOpen, setResetOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const access = useAccessChange((e) => setError(e.message));
  const stopped = user.access === 'STOPPED';
  const self = user.id === auth.user?.id;

  return (
    <Paper withBorder p="md" radius="md" bg={stopped ? 'red.0' : undefined} data-testid="user-access-panel">
      {error && (
        <Alert color="red" mb="sm">
          {error}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Text fz="sm" maw={560}>
          {stopped ? t('users.accessStoppedHint') : t('users.accessAllowedHint')}
        </Text>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconKey size={16} />}
            onClick={() => setResetOpen(true)}
            data-testid="user-reset-password"
          >
            {t('users.resetPassword')}
          </Button>
          <Button
            variant={stopped ? 'filled' : 'light'}
            color={stopped ? 'green' : 'red'}
            leftSection={stopped ? <IconLockOpen size={16} /> : <IconLock size={16} />}
            loading={access.pendingId === user.id}
            disabled={self}
            onClick={() => {
              setError(null);
              access.toggle({ id: user.id, name: user.fullName ?? user.employeeCode, access: user.access });
            }}
            data-testid="user-toggle-access"
          >
            {stopped ? t('users.allowAccess') : t('users.stopAccess')}
          </Button>
        </Group>
      </Group>
      <ResetPasswordModal user={user} opened={resetOpen} onClose={() => setResetOpen(false)} />
      {access.dialog}
    </Paper>
  );
}

function ResetPasswordModal({
  user,
  opened,
  onClose,
}: {
  user: TUserDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useAnnounceModal(opened);
  const update = useUpdateUser();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function close() {
    setPassword('');
    setError(null);
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={t('users.resetPassword')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const checked = zNewPassword.safeParse(password);
          if (!checked.success) return setError(checked.error.issues[0]?.message ?? null);
          setError(null);
          update.mutate(
            { id: user.id, values: { ...toUpdateValues(user), password } },
            {
              onSuccess: () => {
                notifications.show({ color: 'green', message: t('users.passwordReset') });
                close();
              },
              onError: (e) => setError(e.message),
            },
          );
        }}
        data-testid="reset-password-form"
      >
        <Stack gap="md">
          <Text fz="sm">{t('users.resetPasswordHint', { name: user.fullName ?? user.employeeCode })}</Text>
          <PasswordInput
            label={t('users.temporaryPasswordLabel')}
            withAsterisk
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="accent.6" loading={update.isPending}>
              {t('users.resetPassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
