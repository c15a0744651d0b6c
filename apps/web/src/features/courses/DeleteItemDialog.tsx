import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog, type ResultState } from '../../components/management';
import { ApiError } from '../../lib/api';
import { useDeleteItem } from './api';

export interface DeleteTarget {
  id: number;
  name: string;
  /** Known to have learners' progress (the course list says so): warn at once. */
  hasProgress?: boolean;
}

interface DeleteItemDialogProps {
  kind: 'courses' | 'topics' | 'lessons';
  target: DeleteTarget | null;
  onClose: () => void;
  result: ResultState;
  /** The success message. */
  deleted: string;
}

/**
 * Deletes a course, topic or lesson after confirmation. When learners have progress in it the
 * dialog says so and deleting removes their progress too: known up front for courses, otherwise
 * learned from the server's 409, after which the dialog stays open with the server's warning.
 */
export function DeleteItemDialog({ kind, target, onClose, result, deleted }: DeleteItemDialogProps) {
  const { t } = useTranslation();
  const remove = useDeleteItem(kind);
  const [progressWarning, setProgressWarning] = useState<string | null>(null);

  useEffect(() => {
    setProgressWarning(target?.hasProgress ? t('courseAdmin.deleteWithProgress') : null);
  }, [target, t]);

  return (
    <ConfirmDeleteDialog
      opened={target !== null}
      subject={target?.name}
      message={progressWarning ?? undefined}
      loading={remove.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (!target) return;
        remove.mutate(
          { id: target.id, confirm: progressWarning !== null },
          {
            onSuccess: () => {
              onClose();
              result.succeed(deleted);
            },
            onError: (error) => {
              if (error instanceof ApiError && error.status === 409) return setProgressWarning(error.message);
              onClose();
              result.fail(error);
            },
          },
        );
      }}
    />
  );
}
