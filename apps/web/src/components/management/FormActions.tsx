import { Button, Group, type GroupProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface FormActionsProps extends GroupProps {
  /** Where Cancel goes back to. */
  cancelTo: string;
  saving: boolean;
  saveLabel?: string;
}

/** A form page's Cancel (a link back) and Save (submits the form). */
export function FormActions({ cancelTo, saving, saveLabel, ...group }: FormActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" {...group}>
      <Button variant="default" component={Link} to={cancelTo}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" color="accent.6" loading={saving}>
        {saveLabel ?? t('common.save')}
      </Button>
    </Group>
  );
}
