import { Alert, Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounceModal } from '../../lib/use-announce-modal';

interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The message above the fields when the error is not about one field. */
  error?: string | null;
  saving?: boolean;
  testId?: string;
  size?: ModalProps['size'];
  children: ReactNode;
}

/** A management form in a modal: the error on top, the fields, then Cancel and Save. */
export function FormModal({
  opened,
  onClose,
  title,
  onSubmit,
  error,
  saving,
  testId,
  size,
  children,
}: FormModalProps) {
  const { t } = useTranslation();
  useAnnounceModal(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <form onSubmit={onSubmit} noValidate data-testid={testId}>
        <Stack gap="md">
          {error && <Alert color="red">{error}</Alert>}
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} color="accent.6">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
