import type { RoleCode } from '@academy/contract';

/** A token's or userinfo's claims. */
export type Claims = Record<string, unknown>;

/** Which provider roles make an academy admin or learner (README "Connecting your identity provider"). */
export type RoleMapping = {
  /** Provider role names that make an admin. */
  adminRoles: string[];
  /** Provider role names that make a learner; empty: everyone who is not an admin is a learner. */
  studentRoles: string[];
};

const own = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' && Object.hasOwn(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;

/** `a.b["c.d"].e` → ['a', 'b', 'c.d', 'e']. */
function pathSegments(claimPath: string): string[] {
  const segments: string[] = [];
  for (const match of claimPath.matchAll(/\[\s*"([^"]*)"\s*\]|\[\s*'([^']*)'\s*\]|([^.[\]]+)/g)) {
    segments.push(match[1] ?? match[2] ?? match[3] ?? '');
  }
  return segments;
}

/**
 * Reads a claim by path: `realm_access.roles`, `resource_access.academy-web.roles`,
 * `resource_access["app.v2"].roles`. A claim whose whole name is the path (URL-named claims such
 * as `https://example.com/roles`) wins over reading it as a path. Only own properties are read.
 */
export function readClaim(claims: Claims, claimPath: string): unknown {
  const whole = own(claims, claimPath);
  if (whole !== undefined) return whole;
  return pathSegments(claimPath).reduce<unknown>((value, key) => own(value, key), claims);
}

/** A claim as trimmed text (numbers become text); undefined when missing, empty or not text. */
export function stringClaim(claims: Claims, claimPath: string): string | undefined {
  const value = readClaim(claims, claimPath);
  const text = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  return text || undefined;
}

/**
 * The role names in a roles claim, whatever its shape: an array of names, one name, or names in
 * one string separated by spaces and/or commas. Anything else gives no roles.
 */
export function claimRoles(claims: Claims, claimPath: string): string[] {
  const value = readClaim(claims, claimPath);
  const items = Array.isArray(value) ? value : [value];
  return items
    .filter((item): item is string => typeof item === 'string')
    .flatMap((item) => item.split(/[\s,]+/))
    .filter(Boolean);
}

/**
 * The academy role of someone holding `roles` at the provider: admin when any is mapped to admin;
 * otherwise a learner — when student roles are configured, only with one of them (null: no role).
 */
export function academyRole(roles: string[], mapping: RoleMapping): RoleCode | null {
  if (roles.some((role) => mapping.adminRoles.includes(role))) return 'ROLE_ADMIN';
  if (mapping.studentRoles.length === 0) return 'ROLE_STUDENT';
  return roles.some((role) => mapping.studentRoles.includes(role)) ? 'ROLE_STUDENT' : null;
}
