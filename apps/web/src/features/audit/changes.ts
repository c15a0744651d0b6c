import type { TAuditEvent } from '@academy/contract';

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One line per changed field: "name: before → after" (or only the side there is). */
export function changeLines(changes: TAuditEvent['changes']): string[] {
  return Object.entries(changes).map(([field, change]) => {
    if ('before' in change && 'after' in change) {
      return `${field}: ${shown(change.before)} → ${shown(change.after)}`;
    }
    return `${field}: ${shown('after' in change ? change.after : change.before)}`;
  });
}
