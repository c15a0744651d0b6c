import { z } from 'zod';

/**
 * GET search?q=&kind= (issue 22): one search box over what the caller may see. Signed in:
 * courses, lessons, documents (by name), news and Q&A; signed out: courses, news and open
 * recruitment posts. Typo-tolerant (trigram word similarity), grouped by kind.
 */
export const SEARCH_KINDS = ['course', 'lesson', 'document', 'news', 'question', 'recruitment'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
/** What a signed-out visitor's search covers. */
export const PUBLIC_SEARCH_KINDS: readonly SearchKind[] = ['course', 'news', 'recruitment'];

export const SEARCH_LIMITS = {
  /** Shortest query searched (shorter ones answer an empty list). */
  minLength: 2,
  maxLength: 100,
  /** Results of each kind when every kind is searched (the header's suggestions, the grouped page). */
  perKind: 5,
  /** Results when one kind is asked for ("more courses"). */
  oneKind: 30,
} as const;

export const ZSearchQuery = z.object({
  q: z.string().trim().max(SEARCH_LIMITS.maxLength).default(''),
  kind: z.enum(SEARCH_KINDS).optional(),
});
export type TSearchQuery = z.input<typeof ZSearchQuery>;

export const ZSearchResult = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.number().int(),
  title: z.string(),
  /** The web app's path of the result's page (a lesson's or document's: its lesson in its topic). */
  url: z.string(),
  /** A line of context: a course's service, a lesson's course, a news description, … */
  snippet: z.string(),
});
export type TSearchResult = z.infer<typeof ZSearchResult>;
