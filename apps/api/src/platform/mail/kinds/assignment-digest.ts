import { oneLine } from '../layout';
import { action, defineMail, greeting, note, paragraph, table } from '../template';

/** One assignment's people in the manager's scope. */
type DigestLine = { name: string; people: number; overdue: number; dueSoon: number; done: number };

/**
 * The weekly compliance digest to a progress manager (assignments, issue 24, point 3; decision
 * 107): the week, the totals of their scope, and per assignment the people overdue, due soon and
 * done. `week` is the week's Monday as the reader reads it; `more` counts the assignments left out
 * of the table (the view has them all).
 */
export const assignmentDigest = defineMail<{
  fullName: string | null;
  week: string;
  dueSoonDays: number;
  totals: Omit<DigestLine, 'name'>;
  assignments: DigestLine[];
  more: number;
}>({
  sample: {
    fullName: 'Lan Pham',
    week: '2 December 2030',
    dueSoonDays: 7,
    totals: { people: 180, overdue: 14, dueSoon: 23, done: 96 },
    assignments: [
      { name: 'Customer data protection', people: 120, overdue: 11, dueSoon: 15, done: 70 },
      { name: 'Working at height', people: 60, overdue: 3, dueSoon: 8, done: 26 },
    ],
    more: 0,
  },
  compose: (data, { t, url }) => {
    const { totals } = data;
    const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 100) / whole) : 0);
    const done = (line: Omit<DigestLine, 'name'>) =>
      t('assignmentDigest.doneOf', {
        done: line.done,
        people: line.people,
        percent: percent(line.done, line.people),
      });
    return {
      subject: t('assignmentDigest.subject', { overdue: totals.overdue, dueSoon: totals.dueSoon }),
      blocks: [
        greeting(t, data.fullName),
        paragraph(
          t('assignmentDigest.intro', {
            week: data.week,
            overdue: totals.overdue,
            dueSoon: totals.dueSoon,
            days: data.dueSoonDays,
            done: totals.done,
            people: totals.people,
            percent: percent(totals.done, totals.people),
          }),
        ),
        table(
          [
            t('assignmentDigest.assignment'),
            t('assignmentDigest.overdue'),
            t('assignmentDigest.dueSoon'),
            t('assignmentDigest.done'),
          ],
          data.assignments.map((line) => [
            oneLine(line.name),
            String(line.overdue),
            String(line.dueSoon),
            done(line),
          ]),
        ),
        ...(data.more > 0 ? [paragraph(t('assignmentDigest.more', { count: data.more }))] : []),
        ...action(t, t('assignmentDigest.action'), url('/management/compliance')),
        note(t('assignmentDigest.why')),
      ],
    };
  },
});
