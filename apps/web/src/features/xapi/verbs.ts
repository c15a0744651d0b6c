const ADL = 'http://adlnet.gov/expapi/verbs/';
const CMI5 = 'https://w3id.org/xapi/adl/verbs/';

/** Verbs offered in the report's verb filter: the academy's own, cmi5's and ADL's common ones (any IRI may be typed). */
export const COMMON_VERBS = [
  `${ADL}completed`,
  `${ADL}passed`,
  `${ADL}failed`,
  `${ADL}experienced`,
  `${ADL}attempted`,
  `${ADL}answered`,
  `${ADL}progressed`,
  `${ADL}launched`,
  `${ADL}initialized`,
  `${ADL}terminated`,
  `${CMI5}satisfied`,
  `${CMI5}abandoned`,
  `${CMI5}waived`,
  'http://id.tincanapi.com/verb/earned',
  `${ADL}voided`,
];

/** A day (yyyy-mm-dd) of the reader's calendar as the instants it starts and ends, for since/until. */
export function dayBounds(day: string): { start: string; end: string } | null {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return null;
  const start = new Date(year, month - 1, date);
  const next = new Date(year, month - 1, date + 1);
  return { start: start.toISOString(), end: new Date(next.getTime() - 1).toISOString() };
}

/** The report's URL filters (days in the reader's calendar) as the API's query (instants). */
export function statementQuery(filters: Record<string, string>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const name of ['actor', 'verb', 'activity'] as const) if (filters[name]) query[name] = filters[name];
  // since is exclusive: a millisecond before the first day starts.
  const from = filters.from ? dayBounds(filters.from) : null;
  if (from) query.since = new Date(Date.parse(from.start) - 1).toISOString();
  const to = filters.to ? dayBounds(filters.to) : null;
  if (to) query.until = to.end;
  return query;
}
