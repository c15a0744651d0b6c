/** Function permission keys (SPEC §6). Each guards one management area. */
export const FUNCTION_PERMISSIONS = [
  'HOMEPAGE_MANAGEMENT',
  'INTRODUCTION_MANAGEMENT',
  'LEARNING_PATH_MANAGEMENT',
  'COURSE_MANAGEMENT',
  'PROGRESS_MANAGEMENT',
  'CERTIFICATE_MANAGEMENT',
  'RECRUITMENT_MANAGEMENT',
  'NEWS_MANAGEMENT',
  'BRANCH_MANAGEMENT',
  'DEPARTMENT_MANAGEMENT',
  'PERMISSION_MANAGEMENT',
  'USER_MANAGEMENT',
] as const;

/** Action keys that refine COURSE_MANAGEMENT (SPEC §6). */
export const COURSE_ACTION_PERMISSIONS = [
  'ADD_COURSE_MANAGEMENT',
  'EDIT_COURSE_MANAGEMENT',
  'DELETE_COURSE_MANAGEMENT',
] as const;

export const PERMISSION_KEYS = [...FUNCTION_PERMISSIONS, ...COURSE_ACTION_PERMISSIONS] as const;

export type FunctionPermission = (typeof FUNCTION_PERMISSIONS)[number];
export type CourseActionPermission = (typeof COURSE_ACTION_PERMISSIONS)[number];
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

export const ROLE_CODES = ['ROLE_ADMIN', 'ROLE_STUDENT'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

export function isPermissionKey(value: string): value is PermissionKey {
  return (PERMISSION_KEYS as readonly string[]).includes(value);
}

/**
 * Management areas in side-menu order: route segment under /management, its label key and
 * the permission that opens it. The web menu and the landing redirect both read this list.
 */
export const MANAGEMENT_AREAS = [
  { path: 'home', label: 'Homepage management', permission: 'HOMEPAGE_MANAGEMENT' },
  { path: 'introduction', label: 'Introduction management', permission: 'INTRODUCTION_MANAGEMENT' },
  { path: 'user', label: 'User management', permission: 'USER_MANAGEMENT' },
  { path: 'schedule', label: 'Schedule management', permission: 'LEARNING_PATH_MANAGEMENT' },
  { path: 'assignment', label: 'Assignment management', permission: 'LEARNING_PATH_MANAGEMENT' },
  { path: 'course', label: 'Course management', permission: 'COURSE_MANAGEMENT' },
  { path: 'progress', label: 'Progress management', permission: 'PROGRESS_MANAGEMENT' },
  { path: 'compliance', label: 'Compliance', permission: 'PROGRESS_MANAGEMENT' },
  { path: 'recruitment', label: 'Recruitment management', permission: 'RECRUITMENT_MANAGEMENT' },
  { path: 'news', label: 'News management', permission: 'NEWS_MANAGEMENT' },
  { path: 'authorization', label: 'Authorization management', permission: 'PERMISSION_MANAGEMENT' },
  { path: 'service', label: 'Service management', permission: 'BRANCH_MANAGEMENT' },
  { path: 'certificate', label: 'Certificate management', permission: 'CERTIFICATE_MANAGEMENT' },
  { path: 'department', label: 'Department management', permission: 'DEPARTMENT_MANAGEMENT' },
] as const satisfies readonly { path: string; label: string; permission: FunctionPermission }[];

/** Areas no permission key opens: administrators only. */
export const ADMIN_AREAS = [
  { path: 'audit', label: 'Audit log' },
  { path: 'mail-previews', label: 'Mail previews' },
  { path: 'lrs-statements', label: 'LRS statements' },
  { path: 'lrs-keys', label: 'LRS keys' },
] as const;

export type ManagementArea = (typeof MANAGEMENT_AREAS)[number] | (typeof ADMIN_AREAS)[number];

/** The areas a user may open, in menu order. Admins see every area, their own ones last. */
export function visibleManagementAreas(
  role: RoleCode | undefined,
  permissions: readonly string[],
): ManagementArea[] {
  if (role === 'ROLE_ADMIN') return [...MANAGEMENT_AREAS, ...ADMIN_AREAS];
  return MANAGEMENT_AREAS.filter((area) => permissions.includes(area.permission));
}
