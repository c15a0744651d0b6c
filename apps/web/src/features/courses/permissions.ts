import { useCan } from '../../components/management';

export interface CourseActions {
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/**
 * Which course actions the signed-in user may take (admins all). Only decides what buttons show:
 * the API checks the same keys on every change.
 */
export function useCourseActions(): CourseActions {
  const has = useCan();
  return {
    canAdd: has('ADD_COURSE_MANAGEMENT'),
    canEdit: has('EDIT_COURSE_MANAGEMENT'),
    canDelete: has('DELETE_COURSE_MANAGEMENT'),
  };
}
