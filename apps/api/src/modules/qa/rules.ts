import { QA_LIMITS } from '@academy/contract';
import { hasPermission, type Principal } from '../../platform/http/access';

/**
 * Who may moderate (edit, delete, mark solved) a question or its replies besides their authors
 * (decision in docs/decisions.md): admins everywhere; holders of COURSE_MANAGEMENT on questions
 * about a course (course management is not scoped to services, so every course is "theirs").
 * Questions of type "other", or whose course was deleted, are moderated by admins only.
 */
export function moderates(principal: Principal, courseId: number | null): boolean {
  if (principal.role === 'ROLE_ADMIN') return true;
  return courseId !== null && hasPermission(principal, 'COURSE_MANAGEMENT');
}

/** The author, or a moderator of the question's course. */
export function mayChange(principal: Principal, authorId: number | null, courseId: number | null): boolean {
  return (authorId !== null && authorId === principal.id) || moderates(principal, courseId);
}

/** The start of a plain text for lists and notifications: whitespace collapsed, cut at a word. */
export function excerptOf(text: string, max: number = QA_LIMITS.excerpt): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The search box as a prefix-matching full-text query over the title and description: every
 * word (letters and digits) must appear, as a word or the start of one. Null when `q` has no word.
 * Only letters and digits reach to_tsquery, so its operators cannot be injected.
 */
export function searchQuery(q: string | undefined): string | null {
  const words = q?.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words?.length) return null;
  return [...new Set(words)]
    .slice(0, 10)
    .map((word) => `${word.slice(0, 64)}:*`)
    .join(' & ');
}
