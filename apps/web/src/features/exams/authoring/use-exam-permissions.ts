import { useCan } from '../../../components/management';

/** Course action keys decide the buttons (the API checks them again). */
export function useExamPermissions() {
  const can = useCan();
  return {
    canAdd: can('ADD_COURSE_MANAGEMENT'),
    canEdit: can('EDIT_COURSE_MANAGEMENT'),
    canDelete: can('DELETE_COURSE_MANAGEMENT'),
    canUnlock: can('PROGRESS_MANAGEMENT'),
  };
}

export type ExamPermissions = ReturnType<typeof useExamPermissions>;
