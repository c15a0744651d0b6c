import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The actions cell of a row: icons in a row on the right. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
    </Group>
  );
}

interface RowActionProps {
  /** The action's name: the tooltip, and with `subject` the accessible name ("Edit Hanoi"). */
  label: string;
  subject?: string;
  /** An accessible name of its own, when "label subject" does not read well. */
  ariaLabel?: string;
  icon: ReactNode;
  color?: string;
  /** A link to open instead of a click handler. */
  to?: string;
  onClick?: () => void;
  disabled?: boolean;
  loading?: boolean;
  testId?: string;
}

/** One icon button of a row with its tooltip. */
export function RowAction({
  label,
  subject,
  ariaLabel,
  icon,
  color,
  to,
  onClick,
  disabled,
  loading,
  testId,
}: RowActionProps) {
  const common = {
    variant: 'subtle',
    color,
    disabled,
    loading,
    'aria-label': ariaLabel ?? (subject ? `${label} ${subject}` : label),
    'data-testid': testId,
  } as const;
  return (
    <Tooltip label={label}>
      {to && !disabled ? (
        <ActionIcon component={Link} to={to} {...common}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon onClick={onClick} {...common}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}

type ShortcutProps = Omit<RowActionProps, 'label' | 'icon'>;

export function EditAction(props: ShortcutProps) {
  const { t } = useTranslation();
  return <RowAction label={t('common.edit')} icon={<IconEdit size={18} />} {...props} />;
}

export function DeleteAction(props: ShortcutProps) {
  const { t } = useTranslation();
  return <RowAction label={t('common.delete')} icon={<IconTrash size={18} />} color="red" {...props} />;
}
