import { Button, Group, type GroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ModalActionsProps extends GroupProps {
  onCancel: () => void;
  /** Saves on click; without it, Save submits the form around it. */
  onSave?: () => void;
  saving: boolean;
  saveTestId?: string;
}

/** A modal's Cancel and Save, on the right. */
export function ModalActions({ onCancel, onSave, saving, saveTestId, ...group }: ModalActionsProps) {
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
        data-testid={saveTestId}
      >
        {t('common.save')}
      </Button>
    </Group>
  );
}
