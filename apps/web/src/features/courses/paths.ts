/**
 * The lesson form's routes carry their context in the query (`course/add-lesson?courseId=&topicId=`,
 * `course/edit-lesson?courseId=&topicId=&id=`), so a reload or a shared link keeps it.
 */
export function lessonFormPath(target: { courseId: number; topicId: number; lessonId?: number }): string {
  const query = new URLSearchParams({ courseId: String(target.courseId), topicId: String(target.topicId) });
  if (target.lessonId) {
    query.set('id', String(target.lessonId));
    return `/management/course/edit-lesson?${query}`;
  }
  return `/management/course/add-lesson?${query}`;
}

export function lessonsPath(courseId: number, topicId: number): string {
  return `/management/course/${courseId}/topic/${topicId}`;
}

/** Lesson documents: PDF, Word, Excel, PowerPoint (the server checks the content again). */
export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx'] as const;
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export function isDocumentName(name: string): boolean {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext);
}

/** "10:34" or "634" (seconds) → seconds; '' → undefined; anything else → NaN. */
export function parseVideoLength(text: string): number | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  const parts = value.split(':');
  if (parts.length > 3 || parts.some((part) => !/^\d+$/.test(part))) return Number.NaN;
  return parts.reduce((total, part) => total * 60 + Number(part), 0);
}

/** Seconds → "m:ss" (or "h:mm:ss"). */
export function formatVideoLength(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
