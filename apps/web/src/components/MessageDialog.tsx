import { LIMITS } from '@academy/contract';
import { Group, Modal, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounceModal } from '../lib/use-announce-modal';

export const MESSAGE_DIALOG_MS = LIMITS.messageDialogMs;

interface MessageDialogProps {
  message: string | null;
  kind?: 'success' | 'error';
  onClose: () => void;
}

/**
 * A short message in a dialog that closes itself after 5 seconds. Open while `message` is set; a
 * new message replacing one still shown gets its own 5 seconds.
 */
export function MessageDialog({ message, kind = 'success', onClose }: MessageDialogProps) {
  const { t } = useTranslation();
  const opened = message !== null;
  useAnnounceModal(opened);
  useEffect(() => {
    if (message === null) return;
    const timer = window.setTimeout(onClose, MESSAGE_DIALOG_MS);
    return () => window.clearTimeout(timer);
  }, [message, onClose]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={kind === 'success' ? t('dialogs.done') : t('dialogs.error')}
      centered
    >
      <Group wrap="nowrap" data-testid="message-dialog">
        {kind === 'success' ? (
          <IconCircleCheck color="#2f9e44" size={28} aria-hidden />
        ) : (
          <IconCircleX color="#FF0000" size={28} aria-hidden />
        )}
        <Text>{message}</Text>
      </Group>
    </Modal>
  );
}
