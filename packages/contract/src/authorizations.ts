import { z } from 'zod';
import { ZPageQuery, zRequiredText } from './common';
import { zOptionalId } from './forms';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { PERMISSION_KEYS, type PermissionKey } from './permissions';

/** Human labels of the permission keys, for the authorization form. */
export const PERMISSION_LABELS: Record<PermissionKey, string> = {
  HOMEPAGE_MANAGEMENT: 'Homepage management',
  INTRODUCTION_MANAGEMENT: 'Introduction management',
  NEWS_MANAGEMENT: 'News management',
  RECRUITMENT_MANAGEMENT: 'Recruitment management',
  COURSE_MANAGEMENT: 'Course management',
  ADD_COURSE_MANAGEMENT: 'Add courses',
  EDIT_COURSE_MANAGEMENT: 'Edit courses',
  DELETE_COURSE_MANAGEMENT: 'Delete courses',
  LEARNING_PATH_MANAGEMENT: 'Schedule (roadmap) management',
  PROGRESS_MANAGEMENT: 'Progress management',
  CERTIFICATE_MANAGEMENT: 'Certificate management',
  USER_MANAGEMENT: 'User management',
  PERMISSION_MANAGEMENT: 'Authorization management',
  BRANCH_MANAGEMENT: 'Service and branch management',
  DEPARTMENT_MANAGEMENT: 'Department management',
};

/** The permission keys in groups, in the order the authorization form shows them. */
export const PERMISSION_GROUPS = [
  {
    group: 'Website',
    keys: ['HOMEPAGE_MANAGEMENT', 'INTRODUCTION_MANAGEMENT', 'NEWS_MANAGEMENT', 'RECRUITMENT_MANAGEMENT'],
  },
  {
    group: 'Courses',
    keys: [
      'COURSE_MANAGEMENT',
      'ADD_COURSE_MANAGEMENT',
      'EDIT_COURSE_MANAGEMENT',
      'DELETE_COURSE_MANAGEMENT',
    ],
  },
  {
    group: 'Learning',
    keys: ['LEARNING_PATH_MANAGEMENT', 'PROGRESS_MANAGEMENT', 'CERTIFICATE_MANAGEMENT'],
  },
  {
    group: 'Organisation',
    keys: ['USER_MANAGEMENT', 'PERMISSION_MANAGEMENT', 'BRANCH_MANAGEMENT', 'DEPARTMENT_MANAGEMENT'],
  },
] as const satisfies readonly { group: string; keys: readonly PermissionKey[] }[];

/** An authorization (role): named, tied to a service or a branch, holding permission keys. */
export const ZAuthorization = z.object({
  id: z.number().int(),
  name: z.string(),
  serviceId: z.number().int().nullable(),
  serviceName: z.string().nullable(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  permissions: z.array(z.enum(PERMISSION_KEYS)),
  /** How many users hold it; an authorization in use cannot be deleted. */
  userCount: z.number().int(),
});
export type TAuthorization = z.infer<typeof ZAuthorization>;

/** POST authorizations, PUT authorizations/{id}: exactly one of serviceId and branchId. */
export const ZAuthorizationInput = z
  .object({
    name: zRequiredText(LIMITS.authorizationName),
    serviceId: zOptionalId.optional(),
    branchId: zOptionalId.optional(),
    permissions: z
      .array(z.enum(PERMISSION_KEYS))
      .default([])
      .transform((keys) => [...new Set(keys)]),
  })
  .refine((v) => (v.serviceId == null) !== (v.branchId == null), {
    path: ['serviceId'],
    message: MESSAGES.authorizationScope,
  });
export type TAuthorizationInput = z.input<typeof ZAuthorizationInput>;

/** GET authorizations: paged, searchable by name, filtered by service or branch. */
export const ZAuthorizationListQuery = ZPageQuery.extend({
  serviceId: z.coerce.number().int().positive().optional(),
  branchId: z.coerce.number().int().positive().optional(),
});
export type TAuthorizationListQuery = z.infer<typeof ZAuthorizationListQuery>;

/** GET authorizations/options: id and name of every authorization, for pickers. */
export const ZAuthorizationOption = z.object({
  id: z.number().int(),
  name: z.string(),
  serviceId: z.number().int().nullable(),
  branchId: z.number().int().nullable(),
});
export type TAuthorizationOption = z.infer<typeof ZAuthorizationOption>;
