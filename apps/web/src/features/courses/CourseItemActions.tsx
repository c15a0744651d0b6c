import type { ReactNode } from 'react';
import { DeleteAction, EditAction, RowAction } from '../../components/management';
import { useCourseActions } from './permissions';

interface CourseItemActionsProps {
  /** The course's, topic's or lesson's name, in the buttons' accessible names. */
  name: string;
  /** The page one level down (a course's topics, a topic's lessons). */
  open?: { to: string; label: string; icon: ReactNode };
  /** A form page to open, or a modal to show. */
  editTo?: string;
  onEdit?: () => void;
  onDelete: () => void;
}

/** A course, topic or lesson row's actions (in its actionsColumn), each shown only to those whose keys allow it. */
export function CourseItemActions({ name, open, editTo, onEdit, onDelete }: CourseItemActionsProps) {
  const actions = useCourseActions();
  return (
    <>
      {open && (
        <RowAction
          label={open.label}
          ariaLabel={`${open.label}: ${name}`}
          icon={open.icon}
          color="brand.9"
          to={open.to}
        />
      )}
      {actions.canEdit && <EditAction subject={name} color="brand.9" to={editTo} onClick={onEdit} />}
      {actions.canDelete && <DeleteAction subject={name} onClick={onDelete} />}
    </>
  );
}
