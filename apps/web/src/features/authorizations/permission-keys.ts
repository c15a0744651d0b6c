import { COURSE_ACTION_PERMISSIONS, type PermissionKey } from '@academy/contract';

const ACTIONS: readonly PermissionKey[] = COURSE_ACTION_PERMISSIONS;

/**
 * Ticking or unticking one key. The course action keys only work together with
 * COURSE_MANAGEMENT, so ticking an action ticks it too and unticking it clears the actions.
 */
export function toggleKey(
  current: readonly PermissionKey[],
  key: PermissionKey,
  on: boolean,
): PermissionKey[] {
  let next = on ? [...new Set([...current, key])] : current.filter((k) => k !== key);
  if (on && ACTIONS.includes(key) && !next.includes('COURSE_MANAGEMENT'))
    next = [...next, 'COURSE_MANAGEMENT'];
  if (!on && key === 'COURSE_MANAGEMENT') next = next.filter((k) => !ACTIONS.includes(k));
  return next;
}

/** Ticking or unticking a whole group, leaving out the keys `locked` (not the user's to grant). */
export function toggleGroup(
  current: readonly PermissionKey[],
  keys: readonly PermissionKey[],
  on: boolean,
  locked: (key: PermissionKey) => boolean,
): PermissionKey[] {
  let next = [...current];
  for (const key of keys) if (!locked(key)) next = toggleKey(next, key, on);
  return next;
}

export function isCourseAction(key: PermissionKey): boolean {
  return ACTIONS.includes(key);
}
