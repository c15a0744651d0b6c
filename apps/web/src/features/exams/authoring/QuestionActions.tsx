import { Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconEdit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../components/management';
import type { ExamPermissions } from './use-exam-permissions';

interface QuestionActionsProps {
  number: number;
  count: number;
  can: ExamPermissions;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onDuplicate: () => void;
  onMove: (by: -1 | 1) => void;
}

/** Move, edit, duplicate and delete: each shown only to those whose keys allow it. */
export function QuestionActions({
  number,
  count,
  can,
  busy,
  onEdit,
  onDelete,
  onDuplicate,
  onMove,
}: QuestionActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap" style={{ flexShrink: 0 }}>
      {can.canEdit && (
        <>
          <RowAction
            label={t('exams.moveUp')}
            ariaLabel={t('exams.moveUpN', { n: number })}
            icon={<IconArrowUp size={16} />}
            color="brand.9"
            disabled={number === 1 || busy}
            onClick={() => onMove(-1)}
          />
          <RowAction
            label={t('exams.moveDown')}
            ariaLabel={t('exams.moveDownN', { n: number })}
            icon={<IconArrowDown size={16} />}
            color="brand.9"
            disabled={number === count || busy}
            onClick={() => onMove(1)}
          />
          <RowAction
            label={t('common.edit')}
            ariaLabel={t('exams.editN', { n: number })}
            icon={<IconEdit size={16} />}
            color="brand.9"
            onClick={onEdit}
          />
        </>
      )}
      {can.canAdd && (
        <RowAction
          label={t('exams.duplicate')}
          ariaLabel={t('exams.duplicateN', { n: number })}
          icon={<IconCopy size={16} />}
          color="brand.9"
          disabled={busy}
          onClick={onDuplicate}
        />
      )}
      {can.canDelete && (
        <RowAction
          label={t('common.delete')}
          ariaLabel={t('exams.deleteN', { n: number })}
          icon={<IconTrash size={16} />}
          color="red"
          onClick={onDelete}
        />
      )}
    </Group>
  );
}
