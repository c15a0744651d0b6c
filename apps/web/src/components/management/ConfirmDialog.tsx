import { Button, Group, Modal, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounceModal } from '../../lib/use-announce-modal';

export interface ConfirmDialogProps {
  opened: boolean;
  /** The question: "Stop access for 2 users?". */
  title: string;
  /** What follows from saying yes. */
  message?: ReactNode;
  /** The confirm button's words: the action itself ("Stop access"), never "OK". */
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  testId?: string;
}

/** Asks before an action that is not a deletion (stopping access, a bulk change): Cancel and the action. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  color = 'red',
  loading,
  onCancel,
  onConfirm,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  useAnnounceModal(opened);
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <div data-testid={testId}>
        {message && (
          <Group align="flex-start" wrap="nowrap" gap="md">
            <IconAlertTriangle color="#E8590C" size={28} aria-hidden style={{ flexShrink: 0 }} />
            {typeof message === 'string' ? <Text>{message}</Text> : message}
          </Group>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button color={color} onClick={onConfirm} loading={loading} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </Group>
      </div>
    </Modal>
  );
}
