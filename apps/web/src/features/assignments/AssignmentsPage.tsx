import {
  ASSIGNMENT_STATES,
  type AssignmentState,
  type TAssignment,
  type TAssignmentInput,
} from '@academy/contract';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  actionsColumn,
  CellLines,
  type Column,
  DeleteAction,
  ListPage,
  pagedTable,
  RowAction,
  useManagedList,
} from '../../components/management';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useDepartmentOptions } from '../org';
import { AssignmentStateBadge } from './AssignedToMe';
import {
  useAddAssignment,
  useAssignableCourses,
  useAssignmentList,
  useAssignmentPeople,
  useDeleteAssignment,
} from './manage-api';

/** /management/assignment: compliance assignments with their state counts; add, people, delete. */
export function AssignmentsPage() {
  const { t } = useTranslation();
  const { list, result, deletion } = useManagedList<TAssignment>(
    useDeleteAssignment(),
    t('assignments.deleted'),
  );
  const assignments = useAssignmentList({ page: list.page, size: list.size });
  const [adding, setAdding] = useState(false);
  const [peopleOf, setPeopleOf] = useState<TAssignment | null>(null);

  const columns: Column<TAssignment>[] = [
    {
      key: 'name',
      header: t('assignments.what'),
      render: (r) => <CellLines main={r.name} strong sub={dueRule(t, r)} />,
    },
    { key: 'people', header: t('assignments.people'), width: 90, render: (r) => r.counts.people },
    {
      key: 'done',
      header: t('assignments.completion'),
      width: 180,
      render: (r) => {
        const percent = r.counts.people ? Math.round((r.counts.done * 100) / r.counts.people) : 0;
        return (
          <Stack gap={2}>
            <Progress value={percent} color="green" size="sm" aria-label={t('assignments.completion')} />
            <Text fz="xs">
              {t('assignments.doneOf', { done: r.counts.done, people: r.counts.people, percent })}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'overdue',
      header: t('assignments.state.OVERDUE'),
      width: 90,
      render: (r) => <Text c={r.counts.overdue ? 'red.8' : undefined}>{r.counts.overdue}</Text>,
    },
    {
      key: 'created',
      header: t('assignments.createdAt'),
      width: 120,
      render: (r) => formatDate(r.createdAt),
    },
    actionsColumn(110, (r) => (
      <Group gap={4} wrap="nowrap">
        <RowAction
          label={t('assignments.viewPeople')}
          subject={r.name}
          icon={<IconUsers size={18} />}
          onClick={() => setPeopleOf(r)}
          testId="assignment-people-open"
        />
        <DeleteAction subject={r.name} onClick={() => deletion.ask(r)} />
      </Group>
    )),
  ];

  return (
    <ListPage
      title={t('management.areas.assignment')}
      actions={
        <AddButton label={t('assignments.add')} onClick={() => setAdding(true)} testId="assignment-add" />
      }
      table={{
        testId: 'assignments-table',
        columns,
        rowKey: (r) => r.id,
        ...pagedTable(assignments, list),
        loading: assignments.isPending,
        emptyText: t('assignments.empty'),
      }}
      result={result}
      deletion={deletion}
      deleteSubject={(r) => r.name}
    >
      {adding && (
        <AddAssignmentModal
          onClose={() => setAdding(false)}
          onSaved={(message) => {
            setAdding(false);
            result.succeed(message);
          }}
        />
      )}
      <PeopleModal assignment={peopleOf} onClose={() => setPeopleOf(null)} />
    </ListPage>
  );
}

function dueRule(t: TFunction, r: TAssignment): string {
  if ('date' in r.due) return t('assignments.dueOn', { date: formatDate(r.due.date) });
  if ('daysAfterAssigned' in r.due)
    return t('assignments.daysAfterAssigned', { count: r.due.daysAfterAssigned });
  if ('daysAfterJoining' in r.due)
    return t('assignments.daysAfterJoining', { count: r.due.daysAfterJoining });
  return t('assignments.atCertificateExpiry');
}

type DueKind = 'date' | 'daysAfterAssigned' | 'daysAfterJoining';

/** The add form: a course, who (everyone or departments), when, and the reminder. */
function AddAssignmentModal({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { t } = useTranslation();
  const courses = useAssignableCourses(true);
  const departments = useDepartmentOptions(null);
  const add = useAddAssignment();
  const [courseId, setCourseId] = useState<string | null>(null);
  const [everyone, setEveryone] = useState(false);
  const [departmentIds, setDepartmentIds] = useState<string[]>([]);
  const [dueKind, setDueKind] = useState<DueKind>('date');
  const [date, setDate] = useState('');
  const [days, setDays] = useState<number | string>(30);
  const [reminder, setReminder] = useState<number | string>(7);
  const fieldError = (field: string) =>
    add.error instanceof ApiError
      ? add.error.fieldErrors.find((e) => e.field.startsWith(field))?.message
      : undefined;

  const submit = async () => {
    const input: TAssignmentInput = {
      courseId: courseId ? Number(courseId) : undefined,
      audience: everyone ? { everyone: true } : { departmentIds: departmentIds.map(Number) },
      due: dueKind === 'date' ? { date } : ({ [dueKind]: Number(days) } as TAssignmentInput['due']),
      reminderDaysBefore: Number(reminder),
    };
    const created = await add.mutateAsync(input).catch(() => undefined);
    if (!created) return;
    onSaved(created.warning ?? t('assignments.added', { count: created.people }));
  };

  return (
    <Modal opened onClose={onClose} title={t('assignments.add')} centered size="lg">
      <Stack gap="sm">
        <Select
          label={t('assignments.course')}
          required
          searchable
          data={(courses.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={courseId}
          onChange={setCourseId}
          error={fieldError('courseId')}
          data-testid="assignment-course"
        />
        <Switch
          label={t('assignments.everyone')}
          checked={everyone}
          onChange={(e) => setEveryone(e.currentTarget.checked)}
        />
        {!everyone && (
          <MultiSelect
            label={t('assignments.departments')}
            searchable
            data={(departments.data ?? []).map((d) => ({
              value: String(d.id),
              label: `${d.name} — ${d.branchName}`,
            }))}
            value={departmentIds}
            onChange={setDepartmentIds}
            error={fieldError('audience')}
            data-testid="assignment-departments"
          />
        )}
        <Stack gap={4}>
          <Text fz="sm" fw={500}>
            {t('assignments.due')}
          </Text>
          <SegmentedControl
            value={dueKind}
            onChange={(value) => setDueKind(value as DueKind)}
            data={[
              { value: 'date', label: t('assignments.dueKind.date') },
              { value: 'daysAfterAssigned', label: t('assignments.dueKind.daysAfterAssigned') },
              { value: 'daysAfterJoining', label: t('assignments.dueKind.daysAfterJoining') },
            ]}
            fullWidth
            orientation="horizontal"
            size="xs"
          />
        </Stack>
        {dueKind === 'date' ? (
          <TextInput
            type="date"
            label={t('assignments.dueDate')}
            required
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={fieldError('due')}
            data-testid="assignment-due-date"
          />
        ) : (
          <NumberInput
            label={t('assignments.days')}
            min={1}
            value={days}
            onChange={setDays}
            error={fieldError('due')}
          />
        )}
        <NumberInput
          label={t('assignments.reminderDaysBefore')}
          min={0}
          max={365}
          value={reminder}
          onChange={setReminder}
        />
        {add.error && <Alert color="red">{add.error.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="brand.9" loading={add.isPending} onClick={submit} data-testid="assignment-save">
            {t('assignments.assign')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The people of an assignment in the manager's scope, filtered by state. */
function PeopleModal({ assignment, onClose }: { assignment: TAssignment | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<AssignmentState | 'ALL'>('ALL');
  const people = useAssignmentPeople(assignment?.id ?? null, {
    size: 100,
    ...(state === 'ALL' ? {} : { state }),
  });
  return (
    <Modal opened={assignment !== null} onClose={onClose} title={assignment?.name} size="xl" centered>
      <Stack gap="sm">
        <SegmentedControl
          value={state}
          onChange={(value) => setState(value as AssignmentState | 'ALL')}
          data={[
            { value: 'ALL', label: t('assignments.all') },
            ...ASSIGNMENT_STATES.map((s) => ({ value: s, label: t(`assignments.state.${s}`) })),
          ]}
          size="xs"
        />
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="assignment-people">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('assignments.person')}</Table.Th>
                <Table.Th>{t('assignments.dueDate')}</Table.Th>
                <Table.Th>{t('assignments.stateHeader')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(people.data?.items ?? []).map((p) => (
                <Table.Tr key={p.userId}>
                  <Table.Td>
                    <CellLines main={p.fullName ?? p.employeeCode} sub={p.employeeCode} />
                  </Table.Td>
                  <Table.Td>{formatDate(p.dueAt)}</Table.Td>
                  <Table.Td>
                    <AssignmentStateBadge state={p.state} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text fz="xs" c="dimmed">
          {t('assignments.peopleCount', { count: people.data?.total ?? 0 })}
        </Text>
      </Stack>
    </Modal>
  );
}

export default AssignmentsPage;
