import { apiUrl } from '../lib/api-url';

/**
 * The API reads of the course and lesson pages, as addresses, for the script inline in
 * index.html (early-script.ts) to start before the app's scripts have loaded (decision 171). They
 * are the reads those routes' loaders start (routes.tsx, features/academy's prefetch*): the
 * loaders then take the answers on their way instead of asking again. A test keeps the two lists
 * the same. Nothing that changes data is started early (opening a lesson waits for the app).
 */

const COURSE_PAGE = /^\/training-academy\/course\/([^/]+)\/?$/;
const TOPIC_PAGE = /^\/training-academy\/course\/([^/]+)\/topic\/([^/]+)\/?$/;

/** An id from the address, as the loaders read it: a positive whole number, else null. */
function idOf(value: string | null | undefined): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The GET addresses a page at `pathname` + `search` reads first; none for other pages. */
export function earlyRequests(pathname: string, search: string, signedIn: boolean): string[] {
  const course = COURSE_PAGE.exec(pathname);
  if (course) {
    const courseId = idOf(course[1]);
    if (!courseId) return [];
    const page = apiUrl(`courses/${courseId}`);
    if (!signedIn) return [page];
    return [
      page,
      apiUrl('my-thematics', { course_id: courseId }),
      apiUrl(`my-courses/course-percent/${courseId}`),
    ];
  }
  const topic = TOPIC_PAGE.exec(pathname);
  if (topic && signedIn) {
    const courseId = idOf(topic[1]);
    const topicId = idOf(topic[2]);
    const lessonId = idOf(new URLSearchParams(search).get('lesson'));
    // In the order the page shows them, as the loader asks them.
    return [
      ...(lessonId ? [apiUrl(`lessons/${lessonId}`)] : []),
      ...(topicId ? [apiUrl('my-lessons', { thematic_id: topicId })] : []),
      ...(courseId ? [apiUrl('my-thematics', { course_id: courseId }), apiUrl(`courses/${courseId}`)] : []),
    ];
  }
  return [];
}
