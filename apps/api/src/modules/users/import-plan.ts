import {
  forbiddenMessage,
  GENDER_LABELS,
  GENDERS,
  MESSAGES,
  USER_ACCESS,
  USER_ACCESS_LABELS,
  USER_IMPORT_MESSAGES,
  ZUserUpdate,
} from '@academy/contract';
import type { Principal } from '../../platform/http/access';
import { ApiError } from '../../platform/http/errors';
import { isPlaceWithin } from '../../platform/http/scope';
import { assertMayChangeKeys } from '../authorizations';
import type { PlaceDirectoryEntry } from '../org';
import { assertMayManage } from './admin';
import { HEADER_OF_KEY, type ImportKey, type SheetRow, type UsersSheet } from './import-sheet';

/** The fields an import sets, as stored. */
export type ImportedFields = {
  employeeCode: string;
  fullName: string;
  email: string;
  phone: string | null;
  dateOfBirth: string | null;
  gender: string | null;
  serviceId: number | null;
  branchId: number | null;
  departmentId: number | null;
  authorizationId: number | null;
  position: string | null;
  workplace: string | null;
  access: 'ALLOWED' | 'STOPPED';
};

/** A user the file names who exists, with what the rules need. */
export type ExistingUser = ImportedFields & { id: number; role: string; permissions: readonly string[] };

export type AuthorizationEntry = {
  id: number;
  name: string;
  permissions: string[];
  serviceId: number | null;
  branchId: number | null;
};

export type PlannedRow =
  | { kind: 'create'; row: number; fields: ImportedFields }
  | { kind: 'update'; row: number; existing: ExistingUser; fields: ImportedFields }
  | { kind: 'unchanged'; row: number };

export type RowError = { row: number; column: string; message: string };

/** What the planner reads besides the file: the organisation, the authorizations, the users it names. */
export type ImportContext = {
  principal: Principal;
  places: PlaceDirectoryEntry[];
  authorizations: AuthorizationEntry[];
  /** By lower-case employee code. */
  existingByCode: Map<string, ExistingUser>;
  /** Lower-case emails of users the file names by email, with their ids. */
  idByEmail: Map<string, number>;
};

const header = (key: ImportKey) => HEADER_OF_KEY.get(key) ?? key;
const lower = (value: string) => value.trim().toLowerCase();

const FIELD_TO_KEY: Record<string, ImportKey> = {
  employeeCode: 'employeeCode',
  fullName: 'fullName',
  email: 'email',
  phone: 'phone',
  dateOfBirth: 'dateOfBirth',
  gender: 'gender',
  position: 'position',
  workplace: 'workplace',
};

function codeOf<T extends string>(
  value: string,
  codes: readonly T[],
  labels: Record<T, string>,
): T | undefined {
  const wanted = lower(value);
  return codes.find((code) => code.toLowerCase() === wanted || labels[code].toLowerCase() === wanted);
}

type Place = { serviceId: number | null; branchId: number | null; departmentId: number | null };

/** The place the names give: the deepest level named decides; several matches are ambiguous. */
function placeOf(
  values: SheetRow['values'],
  places: PlaceDirectoryEntry[],
): Place | RowError['message'] | null {
  const service = lower(values.serviceName ?? '');
  const branch = lower(values.branchName ?? '');
  const department = lower(values.departmentName ?? '');
  if (!service && !branch && !department) return null;
  const fits = places.filter(
    (p) =>
      (!service || lower(p.serviceName) === service) &&
      (!branch || lower(p.branchName ?? '') === branch) &&
      (!department || lower(p.departmentName ?? '') === department),
  );
  const level = department ? 'departmentId' : branch ? 'branchId' : 'serviceId';
  const distinct = new Map(fits.map((p) => [p[level], p]));
  const [only, ...others] = distinct.values();
  if (!only) {
    return department
      ? USER_IMPORT_MESSAGES.unknownDepartment
      : branch
        ? USER_IMPORT_MESSAGES.unknownBranch
        : USER_IMPORT_MESSAGES.unknownService;
  }
  if (others.length > 0) return 'Several places have this name: name the service and branch too';
  return {
    serviceId: only.serviceId,
    branchId: department || branch ? only.branchId : null,
    departmentId: department ? only.departmentId : null,
  };
}

/** The authorization of that name; of several, the one tied to the row's branch, then its service. */
function authorizationOf(
  name: string,
  place: Place | null,
  all: AuthorizationEntry[],
): AuthorizationEntry | string {
  const named = all.filter((a) => lower(a.name) === lower(name));
  if (named.length === 0) return USER_IMPORT_MESSAGES.unknownAuthorization;
  if (named.length === 1) return named[0] as AuthorizationEntry;
  const ofBranch = named.filter((a) => place?.branchId != null && a.branchId === place.branchId);
  if (ofBranch.length === 1) return ofBranch[0] as AuthorizationEntry;
  const ofService = named.filter((a) => place?.serviceId != null && a.serviceId === place.serviceId);
  if (ofService.length === 1) return ofService[0] as AuthorizationEntry;
  return 'Several authorizations have this name';
}

const COMPARED: (keyof ImportedFields)[] = [
  'fullName',
  'email',
  'phone',
  'dateOfBirth',
  'gender',
  'serviceId',
  'branchId',
  'departmentId',
  'authorizationId',
  'position',
  'workplace',
  'access',
];

/**
 * Plans one row: what it creates or changes, or its errors. A column the file lacks keeps the
 * user's value; a new user gets nothing there.
 */
export function planRow(sheet: UsersSheet, source: SheetRow, ctx: ImportContext): PlannedRow | RowError[] {
  const { values, row } = source;
  const errors: RowError[] = [];
  const fail = (key: ImportKey | '', message: string) =>
    errors.push({ row, column: key ? header(key) : '', message });
  const code = values.employeeCode?.trim() ?? '';
  const existing = ctx.existingByCode.get(lower(code));
  const has = (key: ImportKey) => sheet.columns.has(key);
  const keep = <K extends keyof ImportedFields>(field: K, fallback: ImportedFields[K]) =>
    existing ? existing[field] : fallback;

  let gender: string | null | undefined = keep('gender', null);
  if (has('gender')) {
    const text = values.gender ?? '';
    gender = text === '' ? null : codeOf(text, GENDERS, GENDER_LABELS);
    if (gender === undefined) fail('gender', 'Must be Male, Female or Other');
  }
  let access: ImportedFields['access'] | undefined = keep('access', 'ALLOWED');
  if (has('access') && values.access) {
    access = codeOf(values.access, USER_ACCESS, USER_ACCESS_LABELS);
    if (access === undefined) fail('access', 'Must be Allowed or Stopped');
  }

  const text = (key: ImportKey, field: keyof ImportedFields) =>
    has(key) ? (values[key] ?? '') : ((existing?.[field] as string | null | undefined) ?? '');
  const parsed = ZUserUpdate.safeParse({
    employeeCode: code,
    fullName: text('fullName', 'fullName'),
    email: text('email', 'email'),
    phone: text('phone', 'phone'),
    dateOfBirth: text('dateOfBirth', 'dateOfBirth'),
    position: text('position', 'position'),
    workplace: text('workplace', 'workplace'),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = FIELD_TO_KEY[String(issue.path[0])];
      fail(key ?? '', issue.message);
    }
  }

  let place: Place | null = existing
    ? { serviceId: existing.serviceId, branchId: existing.branchId, departmentId: existing.departmentId }
    : null;
  if (has('serviceName') || has('branchName') || has('departmentName')) {
    const found = placeOf(values, ctx.places);
    if (typeof found === 'string') {
      fail(
        values.departmentName ? 'departmentName' : values.branchName ? 'branchName' : 'serviceName',
        found,
      );
    } else {
      place = found;
    }
  }
  let authorization: AuthorizationEntry | null | undefined;
  let authorizationId = keep('authorizationId', null);
  if (has('authorizationName')) {
    const name = values.authorizationName ?? '';
    const found = name ? authorizationOf(name, place, ctx.authorizations) : null;
    if (typeof found === 'string') fail('authorizationName', found);
    else {
      authorization = found;
      authorizationId = found?.id ?? null;
    }
  }

  // The rules of one user, as the form applies them: scope, rights, unique email.
  const { principal } = ctx;
  if (existing && !isPlaceWithin(principal.scope, existing)) {
    fail('employeeCode', forbiddenMessage('manage users outside your branch or service'));
  } else if (place && !isPlaceWithin(principal.scope, place)) {
    fail('serviceName', forbiddenMessage('place users outside your branch or service'));
  } else if (!place && principal.scope.kind !== 'all') {
    fail('serviceName', forbiddenMessage('place users outside your branch or service'));
  }
  // The same rules as the user form and bulk actions, each refusal a row error.
  const refusal = (check: () => void) => {
    try {
      check();
      return undefined;
    } catch (err) {
      if (err instanceof ApiError) return err.message;
      throw err;
    }
  };
  const unmanageable = existing && refusal(() => assertMayManage(principal, existing, undefined));
  if (unmanageable) fail('employeeCode', unmanageable);
  if (authorization && authorizationId !== existing?.authorizationId) {
    const ungrantable = refusal(() => assertMayChangeKeys(principal, [], authorization.permissions));
    if (ungrantable) fail('authorizationName', ungrantable);
  }
  if (parsed.success) {
    const owner = ctx.idByEmail.get(lower(parsed.data.email));
    if (owner !== undefined && owner !== existing?.id) fail('email', MESSAGES.emailExists);
  }
  if (errors.length || !parsed.success || gender === undefined || access === undefined) return errors;

  const fields: ImportedFields = {
    employeeCode: existing?.employeeCode ?? parsed.data.employeeCode,
    fullName: parsed.data.fullName,
    email: parsed.data.email,
    phone: parsed.data.phone ?? null,
    dateOfBirth: parsed.data.dateOfBirth ?? null,
    gender,
    serviceId: place?.serviceId ?? null,
    branchId: place?.branchId ?? null,
    departmentId: place?.departmentId ?? null,
    authorizationId,
    position: parsed.data.position ?? null,
    workplace: parsed.data.workplace ?? null,
    access,
  };
  if (!existing) return { kind: 'create', row, fields };
  const changed = COMPARED.some((field) => (existing[field] ?? null) !== (fields[field] ?? null));
  return changed ? { kind: 'update', row, existing, fields } : { kind: 'unchanged', row };
}

/** Plans every row; a code or an email twice in the file is an error on its later rows. */
export function planImport(
  sheet: UsersSheet,
  ctx: ImportContext,
): { plans: PlannedRow[]; errors: RowError[] } {
  const plans: PlannedRow[] = [];
  const errors: RowError[] = [];
  const codes = new Set<string>();
  const emails = new Set<string>();
  for (const source of sheet.rows) {
    const code = lower(source.values.employeeCode ?? '');
    const email = lower(source.values.email ?? '');
    if (code && codes.has(code)) {
      errors.push({
        row: source.row,
        column: header('employeeCode'),
        message: USER_IMPORT_MESSAGES.duplicateInFile,
      });
      continue;
    }
    if (email && emails.has(email)) {
      errors.push({ row: source.row, column: header('email'), message: MESSAGES.emailExists });
      continue;
    }
    codes.add(code);
    emails.add(email);
    const planned = planRow(sheet, source, ctx);
    if (Array.isArray(planned)) errors.push(...planned);
    else plans.push(planned);
  }
  return { plans, errors };
}
