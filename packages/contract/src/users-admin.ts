import { z } from 'zod';
import { ZPageQuery, zEmail, zRequiredText } from './common';
import { zDateOfBirth, zNewPassword, zOptionalDate, zOptionalId, zOptionalText, zPhone } from './forms';
import { LIMITS } from './limits';
import { MESSAGES } from './messages';
import { ROLE_CODES } from './permissions';
import { GENDERS, USER_ACCESS } from './users';

/** GET users and GET users/export: search `q` (code, name, email) and filters. */
export const ZUserListQuery = ZPageQuery.extend({
  serviceId: z.coerce.number().int().positive().optional(),
  branchId: z.coerce.number().int().positive().optional(),
  departmentId: z.coerce.number().int().positive().optional(),
  authorizationId: z.coerce.number().int().positive().optional(),
  access: z.enum(USER_ACCESS).optional(),
});
export type TUserListQuery = z.infer<typeof ZUserListQuery>;

export const EMPLOYEE_CODE_MAX = 64;

const userFields = {
  employeeCode: zRequiredText(EMPLOYEE_CODE_MAX),
  fullName: zRequiredText(LIMITS.shortText),
  email: zEmail.pipe(z.string().max(LIMITS.shortText, `Must be at most ${LIMITS.shortText} characters`)),
  dateOfBirth: zDateOfBirth,
  gender: z.preprocess((v) => (v === '' ? null : v), z.enum(GENDERS).nullable().optional()),
  phone: zPhone,
  /** Date of authorization (SPEC §3). */
  authorizedOn: zOptionalDate,
  workplace: zOptionalText(LIMITS.shortText),
  position: zOptionalText(LIMITS.shortText),
  serviceId: zOptionalId.optional(),
  branchId: zOptionalId.optional(),
  departmentId: zOptionalId.optional(),
  authorizationId: zOptionalId.optional(),
  /** Only administrators may grant or remove ROLE_ADMIN. Missing keeps the current role. */
  role: z.enum(ROLE_CODES).optional(),
};

/** POST users: an admin creates a user with a temporary password (activePassword false). */
export const ZUserCreate = z.object({ ...userFields, password: zNewPassword });
export type TUserCreate = z.input<typeof ZUserCreate>;

/**
 * PUT users/{id}: replaces the editable fields. A non-empty `password` resets it to a new
 * temporary one (activePassword false); '' or missing keeps it.
 */
export const ZUserUpdate = z.object({
  ...userFields,
  password: z.preprocess((v) => (v === '' || v === null ? undefined : v), zNewPassword.optional()),
});
export type TUserUpdate = z.input<typeof ZUserUpdate>;

/** PATCH users/{id}/access. */
export const ZUserAccessInput = z.object({
  access: z.enum(USER_ACCESS, { error: MESSAGES.required }),
});
export type TUserAccessInput = z.infer<typeof ZUserAccessInput>;

/** GET users/{id} and the answer of POST/PUT/PATCH. */
export const ZUserDetail = z.object({
  id: z.number().int(),
  employeeCode: z.string(),
  fullName: z.string().nullable(),
  email: z.string(),
  role: z.enum(ROLE_CODES),
  access: z.enum(USER_ACCESS),
  activePassword: z.boolean(),
  dateOfBirth: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  phone: z.string().nullable(),
  authorizedOn: z.string().nullable(),
  workplace: z.string().nullable(),
  position: z.string().nullable(),
  avatar: z.string().nullable(),
  serviceId: z.number().int().nullable(),
  serviceName: z.string().nullable(),
  branchId: z.number().int().nullable(),
  branchName: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  authorizationId: z.number().int().nullable(),
  authorizationName: z.string().nullable(),
  createdAt: z.string(),
});
export type TUserDetail = z.infer<typeof ZUserDetail>;

/** Columns of the users export (.xlsx), in order. */
export const USER_EXPORT_COLUMNS = [
  { key: 'employeeCode', header: 'Employee code', width: 16 },
  { key: 'fullName', header: 'Full name', width: 28 },
  { key: 'email', header: 'Email', width: 32 },
  { key: 'phone', header: 'Phone number', width: 16 },
  { key: 'dateOfBirth', header: 'Date of birth', width: 14 },
  { key: 'gender', header: 'Gender', width: 10 },
  { key: 'serviceName', header: 'Service', width: 20 },
  { key: 'branchName', header: 'Branch', width: 24 },
  { key: 'departmentName', header: 'Department', width: 22 },
  { key: 'authorizationName', header: 'Authorization', width: 22 },
  { key: 'position', header: 'Position', width: 22 },
  { key: 'workplace', header: 'Workplace', width: 22 },
  { key: 'access', header: 'Access', width: 10 },
] as const;

/** The most users one bulk action changes; a larger selection is narrowed by the filters first. */
export const BULK_USERS_MAX = 10_000;

/** Who a bulk action is for: the ticked rows, or every user matching the list's filters. */
const ZBulkSelection = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1).max(BULK_USERS_MAX) }),
  z.object({ filter: ZUserListQuery.omit({ page: true, size: true, sort: true }) }),
]);

/** POST users/bulk: one change for many users, all of them or none (issue 20). */
export const ZUserBulkAction = z.intersection(
  ZBulkSelection,
  z.discriminatedUnion('action', [
    z.object({ action: z.literal('stop') }),
    z.object({ action: z.literal('allow') }),
    z.object({ action: z.literal('move'), departmentId: z.number().int().positive() }),
    z.object({ action: z.literal('authorize'), authorizationId: z.number().int().positive() }),
  ]),
);
export type TUserBulkAction = z.infer<typeof ZUserBulkAction>;

export const ZUserBulkResult = z.object({ updated: z.number().int() });
export type TUserBulkResult = z.infer<typeof ZUserBulkResult>;

export const BULK_MESSAGES = {
  tooMany: `Choose at most ${BULK_USERS_MAX} users at once: narrow the filters`,
  includesSelf: 'You cannot stop your own access',
} as const;

/**
 * User import (issue 20): an .xlsx or .csv whose first row holds the headers of the users export
 * (USER_EXPORT_COLUMNS; "Employee code", "Full name" and "Email" required, the others optional),
 * so an export is itself an import file. Rows are matched by employee code: new codes are created
 * (without a password: they set one through the link of the welcome mail or "Forgot password"),
 * known ones updated, identical ones left alone. Service, branch, department and authorization are
 * given by name; gender and access by their words (Male, Allowed…) or codes.
 */
export const USER_IMPORT_MAX_ROWS = 10_000;
export const USER_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const USER_IMPORT_REQUIRED_HEADERS = ['Employee code', 'Full name', 'Email'] as const;

/** GET users/import/template?format=xlsx|csv */
export const ZUserImportTemplateQuery = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

/** POST users/import?dryRun=true|false&welcome=true|false (multipart `file`) */
export const ZUserImportQuery = z.object({
  /** true (default): only the preview; false: apply, in one transaction, if there is no error. */
  dryRun: z.enum(['true', 'false']).default('true'),
  /** Mail each created user a link to set their password. */
  welcome: z.enum(['true', 'false']).default('false'),
});

export const ZUserImportError = z.object({
  /** The sheet's row number (the header is row 1); 0 for the file as a whole. */
  row: z.number().int(),
  /** The column's header, or "" for the file or the row as a whole. */
  column: z.string(),
  message: z.string(),
});

export const ZUserImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z.array(ZUserImportError),
  /** Whether anything was written: false for a preview or when there were errors. */
  applied: z.boolean(),
});
export type TUserImportResult = z.infer<typeof ZUserImportResult>;

export const USER_IMPORT_MESSAGES = {
  notASheet: 'Choose an .xlsx or .csv file',
  tooManyRows: `A file may hold at most ${USER_IMPORT_MAX_ROWS} users`,
  tooLarge: 'This file is too large to import once unpacked',
  missingHeaders: 'The first row must hold the headers of the users export',
  duplicateInFile: 'This employee code is already on another row of the file',
  unknownService: 'This service does not exist',
  unknownBranch: 'This branch does not exist in this service',
  unknownDepartment: 'This department does not exist in this branch',
  unknownAuthorization: 'This authorization does not exist',
} as const;
