import type { TCalendarLink, TMyAssignment, TMyReminder } from '@academy/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint } from '../../lib/endpoint';

const MINE_KEY = ['study', 'my-assignments'] as const;

/** The learner's own reads; the management pages' (assignments, compliance) are in manage-api.ts. */
const assignmentsApi = {
  mine: endpoint<TMyAssignment[]>('GET', 'my-assignments'),
  calendar: endpoint<TCalendarLink>('GET', 'my-assignments/calendar'),
  newCalendar: endpoint<TCalendarLink>('POST', 'my-assignments/calendar'),
  reminders: endpoint<TMyReminder[]>('GET', 'my-assignments/reminders'),
};

/** The reminder mails sent to me, newest first (the account page). */
export function useMyReminders() {
  return useQuery({ queryKey: [...MINE_KEY, 'reminders'], queryFn: () => assignmentsApi.reminders.call() });
}

/** What is assigned to me, most urgent first. */
export const myAssignmentsQuery = () =>
  queryOptions({ queryKey: MINE_KEY, queryFn: () => assignmentsApi.mine.call() });

export function useMyAssignments() {
  return useQuery(myAssignmentsQuery());
}

/** The secret URL of my calendar feed; `regenerate` replaces it. */
export function useCalendarLink(enabled: boolean) {
  const client = useQueryClient();
  const key = [...MINE_KEY, 'calendar'];
  const link = useQuery({ queryKey: key, queryFn: () => assignmentsApi.calendar.call(), enabled });
  const regenerate = useMutation({
    mutationFn: () => assignmentsApi.newCalendar.call(),
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
  return { link, regenerate };
}
