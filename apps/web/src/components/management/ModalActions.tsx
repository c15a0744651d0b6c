import { Button, Group, type GroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ModalActionsProps extends GroupProps {
  onCancel: () => void;
  /** Saves on click; without it, Save submits the form around it. */
  onSave?: () => void;
  saving: boolean;
  saveTestId?: string;
  /** The save button's words when the modal does something else than save ("Move 2 users"). */
  saveLabel?: string;
  saveDisabled?: boolean;
}

/** A modal's Cancel and Save, on the right. */
export function ModalActions({
  onCancel,
  onSave,
  saving,
  saveTestId,
  saveLabel,
  saveDisabled,
  ...group
}: ModalActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" {...group}>
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button
        type={onSave ? 'button' : 'submit'}
        color="accent.6"
        onClick={onSave}
        loading={saving}
        disabled={saveDisabled}
        data-testid={saveTestId}
      >
        {saveLabel ?? t('common.save')}
      </Button>
    </Group>
  );
}
