import { Button, Group, Modal, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAnnounceModal } from '../lib/use-announce-modal';

interface ConfirmDeleteDialogProps {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  loading?: boolean;
  /** What is being deleted, e.g. the item's name. */
  subject?: string;
  /** Replaces the standard warning, e.g. when learners' progress will be removed too. */
  message?: string;
}

/** The shared "delete permanently?" dialog: Cancel and Delete. */
export function ConfirmDeleteDialog({
  opened,
  onCancel,
  onConfirm,
  loading,
  subject,
  message,
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation();
  useAnnounceModal(opened);
  return (
    <Modal opened={opened} onClose={onCancel} title={t('dialogs.deleteTitle')} centered>
      <Group align="flex-start" wrap="nowrap" gap="md" data-testid="confirm-delete-dialog">
        <IconAlertTriangle color="#FF0000" size={28} aria-hidden style={{ flexShrink: 0 }} />
        <div>
          {subject && (
            <Text fw={600} mb={4}>
              {subject}
            </Text>
          )}
          <Text>{message ?? t('dialogs.deleteWarning')}</Text>
        </div>
      </Group>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={loading}>
          {t('common.delete')}
        </Button>
      </Group>
    </Modal>
  );
}
