import { Alert, Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useAnnounceModal } from '../../lib/use-announce-modal';
import { ModalActions } from './ModalActions';

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
  /** The submit button's words, when not "Save". */
  saveLabel?: string;
  saveTestId?: string;
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
  saveLabel,
  saveTestId,
  children,
}: FormModalProps) {
  useAnnounceModal(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <form onSubmit={onSubmit} noValidate data-testid={testId}>
        <Stack gap="md">
          {error && <Alert color="red">{error}</Alert>}
          {children}
          <ModalActions
            onCancel={onClose}
            saving={saving ?? false}
            saveLabel={saveLabel}
            saveTestId={saveTestId}
          />
        </Stack>
      </form>
    </Modal>
  );
}
