import { AVATAR_MAX_BYTES, MESSAGES } from '@academy/contract';
import { Avatar, Button, FileButton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadAvatar } from './api';

const ACCEPT = ['image/png', 'image/jpeg'];

/** The user's avatar with a button that uploads a new one at once (JPG or PNG under 1024 KB). */
export function AvatarUpload({ avatar, name }: { avatar: string | null; name: string }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const [error, setError] = useState<string | null>(null);

  function pick(file: File | null) {
    setError(null);
    if (!file) return;
    if (!ACCEPT.includes(file.type)) return setError(MESSAGES.imageType);
    if (file.size > AVATAR_MAX_BYTES) return setError(MESSAGES.avatarTooLarge);
    upload.mutate(file, {
      onSuccess: () => notifications.show({ color: 'green', message: t('account.avatarSaved') }),
      onError: (e) => setError(e.message),
    });
  }

  return (
    <Stack align="center" gap="xs">
      <Avatar src={avatar} alt="" size={128} radius={128} color="brand" data-testid="account-avatar">
        {name.slice(0, 1).toUpperCase()}
      </Avatar>
      <FileButton onChange={pick} accept={ACCEPT.join(',')}>
        {(props) => (
          <Button
            {...props}
            variant="light"
            leftSection={<IconCamera size={16} />}
            loading={upload.isPending}
            data-testid="avatar-button"
          >
            {avatar ? t('account.changeAvatar') : t('account.addAvatar')}
          </Button>
        )}
      </FileButton>
      <Text fz="xs" c="dimmed" ta="center">
        {t('account.avatarHint')}
      </Text>
      {error && (
        <Text fz="sm" c="red" ta="center" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
