import { oneLine } from '../layout';
import { action, defineMail, greeting, note, paragraph } from '../template';

/**
 * A compliance reminder (assignments, issue 24): a course or roadmap due in a few days ('BEFORE'),
 * due today ('DUE') or overdue ('OVERDUE', weekly). `dueOn` is the day as the reader reads it.
 */
export const assignmentReminder = defineMail<{
  fullName: string | null;
  occasion: 'BEFORE' | 'DUE' | 'OVERDUE';
  name: string;
  dueOn: string;
  days: number;
}>({
  sample: {
    fullName: 'Minh Tran',
    occasion: 'BEFORE',
    name: 'Customer data protection',
    dueOn: '15 March 2030',
    days: 7,
  },
  compose: (data, { t, url }) => {
    const name = oneLine(data.name);
    const key = data.occasion === 'BEFORE' ? 'before' : data.occasion === 'DUE' ? 'due' : 'overdue';
    return {
      subject: t(`assignmentReminder.${key}.subject`, { name: name.slice(0, 150), count: data.days }),
      blocks: [
        greeting(t, data.fullName),
        paragraph(t(`assignmentReminder.${key}.intro`, { name, dueOn: data.dueOn, count: data.days })),
        ...action(t, t('assignmentReminder.action'), url('/training-academy')),
        note(t('assignmentReminder.why')),
      ],
    };
  },
});
