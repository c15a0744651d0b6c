import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { AssignmentState, TComplianceCounts } from '@academy/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { col } from '../../platform/db/sql';
import { loadExcel } from '../../platform/excel';
import { wallClock } from '../../platform/wall-clock';
import { courseFacts } from '../courses';
import { branchNameOf, departmentNameOf, serviceNameOf } from '../org';
import { roadmapNameOf } from '../roadmaps';
import { learnersSql } from '../users';
import { type ComplianceFilter, complianceView, refreshCompliance } from './compliance';
import { assignmentPeople, assignments } from './tables';

export const COMPLIANCE_XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Person-assignment rows per read of the People sheet (keyset on assignment and person). */
export const COMPLIANCE_EXPORT_BATCH = 1000;

const STATE_LABELS: Record<AssignmentState, string> = {
  DONE: 'Done',
  IN_PROGRESS: 'In progress',
  NOT_STARTED: 'Not started',
  OVERDUE: 'Overdue',
};

/** Waits until `out` can take more; false when it was closed instead (the client went away). */
async function drained(out: Writable): Promise<boolean> {
  if (out.destroyed) return false;
  if (!out.writableNeedDrain) return true;
  const controller = new AbortController();
  try {
    const wait = (event: 'drain' | 'close') =>
      once(out, event, { signal: controller.signal }).then(
        () => event,
        () => 'aborted',
      );
    return (await Promise.race([wait('drain'), wait('close')])) === 'drain' && !out.destroyed;
  } finally {
    controller.abort();
  }
}

/** A calendar day ('YYYY-MM-DD') as the Date a spreadsheet shows as that day. */
function dayCell(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

const COUNT_COLUMNS = [
  { header: 'People', key: 'people', width: 10 },
  { header: 'Done', key: 'done', width: 8 },
  { header: 'Done %', key: 'donePct', width: 9 },
  { header: 'In progress', key: 'inProgress', width: 12 },
  { header: 'In progress %', key: 'inProgressPct', width: 14 },
  { header: 'Not started', key: 'notStarted', width: 12 },
  { header: 'Not started %', key: 'notStartedPct', width: 14 },
  { header: 'Overdue', key: 'overdue', width: 10 },
  { header: 'Overdue %', key: 'overduePct', width: 11 },
  { header: 'Due soon', key: 'dueSoon', width: 10 },
  { header: 'Due soon %', key: 'dueSoonPct', width: 11 },
  { header: 'Certificate expiring soon', key: 'expiringSoon', width: 14 },
  { header: 'Certificate expiring soon %', key: 'expiringSoonPct', width: 16 },
];

function countCells(c: TComplianceCounts) {
  return {
    people: c.people,
    done: c.done,
    donePct: c.percent.done,
    inProgress: c.inProgress,
    inProgressPct: c.percent.inProgress,
    notStarted: c.notStarted,
    notStartedPct: c.percent.notStarted,
    overdue: c.overdue,
    overduePct: c.percent.overdue,
    dueSoon: c.dueSoon,
    dueSoonPct: c.percent.dueSoon,
    expiringSoon: c.expiringSoon,
    expiringSoonPct: c.percent.expiringSoon,
  };
}

type PersonRow = {
  assignment_id: number;
  user_id: number;
  name: string;
  employee_code: string;
  full_name: string | null;
  service_name: string | null;
  branch_name: string | null;
  department_name: string | null;
  state: AssignmentState;
  assigned_at: string | Date;
  due_on: string;
  completed_at: string | Date | null;
};

/** The next batch of people after (assignmentId, userId), in the caller's scope and filters. */
async function nextPeople(
  db: Db,
  filter: ComplianceFilter,
  now: Date,
  after: [number, number],
): Promise<PersonRow[]> {
  const course = courseFacts(db);
  const at = sql`${now.toISOString()}::timestamptz`;
  const oneAssignment =
    filter.assignmentId !== undefined ? sql` and ap.assignment_id = ${filter.assignmentId}` : sql``;
  const result = await db.execute(sql`
    with learners as (${learnersSql({
      serviceId: filter.serviceId,
      branchId: filter.branchId,
      departmentId: filter.departmentId,
      within: filter.within,
    })}),
    page as (
      select ap.assignment_id, ap.user_id, ap.assigned_at, ap.due_on::text as due_on, ap.completed_at,
        case when ap.completed_at is not null then 'DONE'
          when ap.due_at < ${at} then 'OVERDUE'
          when ap.started_at is not null then 'IN_PROGRESS'
          else 'NOT_STARTED' end as state,
        u.employee_code, u.full_name, u.service_id, u.branch_id, u.department_id
      from ${assignmentPeople} ap
      join learners u on u.id = ap.user_id
      where ap.removed_at is null${oneAssignment}
        and (ap.assignment_id, ap.user_id) > (${after[0]}::int, ${after[1]}::int)
      order by ap.assignment_id, ap.user_id
      limit ${COMPLIANCE_EXPORT_BATCH}
    )
    select p.*,
      coalesce(${course.name}, ${roadmapNameOf(assignments.roadmapId)}, '') as name,
      ${serviceNameOf(sql`p.service_id`)} as service_name,
      ${branchNameOf(sql`p.branch_id`)} as branch_name,
      ${departmentNameOf(sql`p.department_id`)} as department_name
    from page p
    join ${assignments} on ${col(assignments.id)} = p.assignment_id
    left join ${course} on ${course.id} = ${col(assignments.courseId)}
    order by p.assignment_id, p.user_id`);
  return (result as unknown as { rows: PersonRow[] }).rows;
}

/**
 * Writes the compliance view as an .xlsx on `out` with ExcelJS's streaming WorkbookWriter: the
 * per-assignment and per-place counts (one statement, as the page), then every person of them with
 * the state and real dates (due day as a date; assigned and completed as local date-times in
 * `timeZone`), read in keyset batches and committed as written, waiting for `out` to drain between
 * batches (as the progress export). Returns the people rows written.
 */
export async function writeComplianceWorkbook(
  db: Db,
  filter: ComplianceFilter,
  out: Writable,
  now: Date,
  timeZone: string,
): Promise<number> {
  // The counts of the first sheets and the people of the last one from the same moment.
  await refreshCompliance(db, now, timeZone, 10_000);
  const view = await complianceView(db, filter, now, timeZone);
  const Excel = await loadExcel();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });

  const perAssignment = workbook.addWorksheet('Assignments');
  perAssignment.columns = [{ header: 'Assignment', key: 'name', width: 40 }, ...COUNT_COLUMNS];
  perAssignment.getRow(1).font = { bold: true };
  for (const a of view.assignments) perAssignment.addRow({ name: a.name, ...countCells(a.counts) }).commit();
  perAssignment.addRow({ name: 'All', ...countCells(view.totals) }).font = { bold: true };
  perAssignment.commit();

  const perPlace = workbook.addWorksheet('Branches and departments');
  perPlace.columns = [
    { header: 'Service', key: 'service', width: 24 },
    { header: 'Branch', key: 'branch', width: 28 },
    { header: 'Department', key: 'department', width: 28 },
    ...COUNT_COLUMNS,
  ];
  perPlace.getRow(1).font = { bold: true };
  for (const p of view.places) {
    const row = perPlace.addRow({
      service: p.serviceName ?? '',
      branch: p.branchName ?? '',
      department: p.departmentId === null ? 'All departments' : (p.departmentName ?? ''),
      ...countCells(p.counts),
    });
    if (p.departmentId === null) row.font = { bold: true };
    row.commit();
  }
  perPlace.commit();

  const local = (value: string | Date | null) => (value ? wallClock(new Date(value), timeZone) : null);
  const people = workbook.addWorksheet('People');
  people.columns = [
    { header: 'Assignment', key: 'name', width: 36 },
    { header: 'Employee code', key: 'employeeCode', width: 16 },
    { header: 'Full name', key: 'fullName', width: 28 },
    { header: 'Service', key: 'service', width: 22 },
    { header: 'Branch', key: 'branch', width: 26 },
    { header: 'Department', key: 'department', width: 26 },
    { header: 'State', key: 'state', width: 13 },
    { header: 'Due date', key: 'dueOn', width: 12 },
    { header: `Assigned (${timeZone})`, key: 'assignedAt', width: 18 },
    { header: `Completed (${timeZone})`, key: 'completedAt', width: 18 },
  ];
  people.getRow(1).font = { bold: true };
  people.getRow(1).commit();
  people.getColumn('dueOn').numFmt = 'yyyy-mm-dd';
  for (const key of ['assignedAt', 'completedAt']) people.getColumn(key).numFmt = 'yyyy-mm-dd hh:mm';
  let written = 0;
  let after: [number, number] = [0, 0];
  for (;;) {
    const batch = await nextPeople(db, filter, now, after);
    for (const r of batch) {
      people
        .addRow({
          name: r.name,
          employeeCode: r.employee_code,
          fullName: r.full_name ?? '',
          service: r.service_name ?? '',
          branch: r.branch_name ?? '',
          department: r.department_name ?? '',
          state: STATE_LABELS[r.state],
          dueOn: dayCell(r.due_on),
          assignedAt: local(r.assigned_at),
          completedAt: local(r.completed_at),
        })
        .commit();
      written += 1;
    }
    const last = batch.at(-1);
    if (!last || batch.length < COMPLIANCE_EXPORT_BATCH) break;
    after = [Number(last.assignment_id), Number(last.user_id)];
    if (!(await drained(out))) throw new Error('the export download was closed');
  }
  people.commit();
  await workbook.commit();
  return written;
}

export function complianceFileName(now: Date): string {
  return `compliance-${now.toISOString().slice(0, 10)}.xlsx`;
}
