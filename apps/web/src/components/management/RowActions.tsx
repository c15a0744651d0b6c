import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../DataTable';

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

function ActionsHeader() {
  const { t } = useTranslation();
  return t('common.actions');
}

/** A list's last column: the row's action icons, on the right. */
export function actionsColumn<T>(width: number, render: (row: T) => ReactNode): Column<T> {
  return {
    key: 'actions',
    header: <ActionsHeader />,
    width,
    align: 'right',
    render: (row) => <RowActions>{render(row)}</RowActions>,
  };
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

interface EditDeleteActionsProps {
  subject: string;
  /** A form page to open, or a modal to show. */
  editTo?: string;
  onEdit?: () => void;
  /** Asks before deleting (useConfirmDelete's `ask`). */
  onDelete: () => void;
}

/** A row's usual pair: edit it, delete it. */
export function EditDeleteActions({ subject, editTo, onEdit, onDelete }: EditDeleteActionsProps) {
  return (
    <>
      <EditAction subject={subject} to={editTo} onClick={onEdit} />
      <DeleteAction subject={subject} onClick={onDelete} />
    </>
  );
}
