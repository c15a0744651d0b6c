import type {
  AssignmentState,
  TCompliance,
  TComplianceAssignment,
  TComplianceCounts,
  TCompliancePlace,
} from '@academy/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CellLines,
  type Column,
  DataTable,
  FilterSelect,
  PageHeader,
  ResultDialog,
  useResult,
} from '../../components/management';
import { formatDate, formatDateTime } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { OrgCascadeFilter } from '../org';
import { AssignmentStateBadge } from './AssignedToMe';
import classes from './CompliancePage.module.css';
import { useCompliance, useCompliancePeople, useExportCompliance } from './manage-api';

const PLACE_FILTERS = ['serviceId', 'branchId', 'departmentId'] as const;

/** The counts a table and the chart show, in reading order, with their colour and drill-down state. */
const MEASURES = [
  { key: 'done', state: 'DONE', color: 'green.7' },
  { key: 'inProgress', state: 'IN_PROGRESS', color: 'blue.7' },
  { key: 'notStarted', state: 'NOT_STARTED', color: 'gray.6' },
  { key: 'overdue', state: 'OVERDUE', color: 'red.7' },
  { key: 'dueSoon', state: null, color: 'orange.7' },
  { key: 'expiringSoon', state: null, color: 'grape.7' },
] as const;
type MeasureKey = (typeof MEASURES)[number]['key'];
/** The four states every person is in one of (the stacked bar of a row). */
const STATES = MEASURES.filter((m) => m.state !== null);

type DrillDown = { assignment: TComplianceAssignment; state: AssignmentState };

/**
 * /management/compliance (PROGRESS_MANAGEMENT, the holder's scope): per assignment and per branch
 * and department, how many people are done, in progress, not started, overdue, due soon; a bar per
 * state; the people behind a count; the whole view as .xlsx.
 */
export function CompliancePage() {
  const { t } = useTranslation();
  const list = useListParams();
  const placeQuery = Object.fromEntries(PLACE_FILTERS.map((key) => [key, list.filters[key]]));
  const query = { ...placeQuery, assignmentId: list.filters.assignmentId };
  const view = useCompliance(query);
  // The assignment filter's choices: every assignment of the places chosen.
  const choices = useCompliance(placeQuery);
  const exportView = useExportCompliance();
  const result = useResult();
  const [drill, setDrill] = useState<DrillDown | null>(null);
  const data = view.data;

  return (
    <>
      <PageHeader
        title={t('management.areas.compliance')}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exportView.isPending}
            onClick={() => exportView.mutate(query, { onError: result.fail })}
            data-testid="compliance-export"
          >
            {t('common.export')}
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" mb="md" data-testid="compliance-filters">
        <OrgCascadeFilter filters={list.filters} update={list.update} />
        <FilterSelect
          list={list}
          name="assignmentId"
          label={t('compliance.assignment')}
          placeholder={t('compliance.allAssignments')}
          data={(choices.data?.assignments ?? []).map((a) => ({
            value: String(a.assignmentId),
            label: a.name,
          }))}
          searchable
          data-testid="compliance-assignment-filter"
        />
      </SimpleGrid>
      {view.error && <Alert color="red">{view.error.message}</Alert>}
      <Overview data={data} />
      <Title order={2} fz="lg" c="var(--academy-ink)" mt="lg" mb="xs">
        {t('compliance.perAssignment')}
      </Title>
      <DataTable
        testId="compliance-assignments"
        columns={assignmentColumns(t, (assignment, state) => setDrill({ assignment, state }))}
        rows={data?.assignments}
        rowKey={(row) => row.assignmentId}
        loading={view.isPending}
        minWidth={880}
        emptyText={t('compliance.empty')}
      />
      <Title order={2} fz="lg" c="var(--academy-ink)" mt="lg" mb="xs">
        {t('compliance.perPlace')}
      </Title>
      <DataTable
        testId="compliance-places"
        columns={placeColumns(t, list.update)}
        rows={data?.places}
        rowKey={(row) => `${row.branchId}-${row.departmentId ?? 'all'}`}
        loading={view.isPending}
        minWidth={880}
        emptyText={t('compliance.empty')}
      />
      {data && (
        <Text fz="xs" c="dimmed" mt="sm" data-testid="compliance-as-of">
          {t('compliance.asOf', { time: formatDateTime(data.refreshedAt) })}{' '}
          {data.expiryTracked ? '' : t('compliance.expiryNotTracked')}
        </Text>
      )}
      <PeopleModal drill={drill} filters={placeQuery} onClose={() => setDrill(null)} />
      <ResultDialog state={result} />
    </>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

/** "12 · 40%": a count and its share of the people. */
function Count({ counts, measure }: { counts: TComplianceCounts; measure: MeasureKey }) {
  return (
    <Text fz="sm" span style={{ whiteSpace: 'nowrap' }}>
      <Text span fw={600} fz="sm">
        {counts[measure]}
      </Text>
      <Text span c="dimmed" fz="xs">
        {' '}
        · {counts.percent[measure]}%
      </Text>
    </Text>
  );
}

/** The four states of a row as one stacked bar (its numbers are in the row's cells). */
function StateBar({ counts }: { counts: TComplianceCounts }) {
  return (
    <Progress.Root size="sm" aria-hidden className={classes.stack}>
      {STATES.map((m) =>
        counts[m.key] > 0 ? (
          <Progress.Section key={m.key} value={(counts[m.key] * 100) / counts.people} color={m.color} />
        ) : null,
      )}
    </Progress.Root>
  );
}

function assignmentColumns(
  t: T,
  open: (assignment: TComplianceAssignment, state: AssignmentState) => void,
): Column<TComplianceAssignment>[] {
  return [
    {
      key: 'name',
      header: t('compliance.assignment'),
      render: (row) => (
        <Stack gap={4} miw={180}>
          <Text fw={600} fz="sm">
            {row.name}
          </Text>
          <StateBar counts={row.counts} />
        </Stack>
      ),
    },
    { key: 'people', header: t('assignments.people'), width: 80, render: (row) => row.counts.people },
    ...MEASURES.map((m) => ({
      key: m.key,
      header: t(`compliance.measure.${m.key}`),
      width: 110,
      render: (row: TComplianceAssignment) =>
        m.state && row.counts[m.key] > 0 ? (
          <UnstyledButton
            className={classes.drill}
            onClick={() => open(row, m.state)}
            data-testid={`drill-${m.state}`}
          >
            <Count counts={row.counts} measure={m.key} />
            <VisuallyHidden>
              {t('compliance.showPeople', { state: t(`compliance.measure.${m.key}`), name: row.name })}
            </VisuallyHidden>
          </UnstyledButton>
        ) : (
          <Count counts={row.counts} measure={m.key} />
        ),
    })),
  ];
}

function placeColumns(
  t: T,
  update: (changes: Record<string, string | null>) => void,
): Column<TCompliancePlace>[] {
  return [
    {
      key: 'place',
      header: t('compliance.place'),
      render: (row) => {
        const branch = row.departmentId === null;
        const name = branch
          ? (row.branchName ?? t('compliance.noBranch'))
          : (row.departmentName ?? t('compliance.noDepartment'));
        const narrow = () =>
          update(
            branch
              ? {
                  serviceId: row.serviceId ? String(row.serviceId) : null,
                  branchId: String(row.branchId ?? ''),
                }
              : {
                  serviceId: row.serviceId ? String(row.serviceId) : null,
                  branchId: row.branchId ? String(row.branchId) : null,
                  departmentId: String(row.departmentId),
                },
          );
        return (
          <Stack gap={4} miw={180} pl={branch ? 0 : 'md'}>
            {row.branchId !== null ? (
              <Anchor
                component="button"
                type="button"
                fz="sm"
                fw={branch ? 600 : 400}
                onClick={narrow}
                ta="left"
              >
                {name}
              </Anchor>
            ) : (
              <Text fz="sm">{name}</Text>
            )}
            {branch && row.serviceName && (
              <Text fz="xs" c="dimmed">
                {row.serviceName}
              </Text>
            )}
            <StateBar counts={row.counts} />
          </Stack>
        );
      },
    },
    { key: 'people', header: t('assignments.people'), width: 80, render: (row) => row.counts.people },
    ...MEASURES.map((m) => ({
      key: m.key,
      header: t(`compliance.measure.${m.key}`),
      width: 110,
      render: (row: TCompliancePlace) => <Count counts={row.counts} measure={m.key} />,
    })),
  ];
}

/** The totals: a bar per state (and due soon, expiring soon), with count and percent. */
function Overview({ data }: { data: TCompliance | undefined }) {
  const { t } = useTranslation();
  const totals = data?.totals;
  return (
    <Paper withBorder radius="md" p="md" data-testid="compliance-overview">
      <Group justify="space-between" align="baseline" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="md" c="var(--academy-ink)">
          {t('compliance.overview')}
        </Title>
        <Text fz="sm" data-testid="compliance-total">
          {t('compliance.peopleAssigned', { count: totals?.people ?? 0 })}
        </Text>
      </Group>
      <Stack gap={10}>
        {MEASURES.map((m) => (
          <div key={m.key} className={classes.bar} data-testid={`compliance-bar-${m.key}`}>
            <Text fz="sm" className={classes.barLabel}>
              {t(`compliance.measure.${m.key}`)}
            </Text>
            <Progress
              value={totals?.percent[m.key] ?? 0}
              color={m.color}
              size="lg"
              radius="sm"
              aria-label={t(`compliance.measure.${m.key}`)}
              className={classes.barTrack}
            />
            <Text fz="sm" fw={600} className={classes.barValue}>
              {totals ? `${totals[m.key]} · ${totals.percent[m.key]}%` : '—'}
            </Text>
          </div>
        ))}
      </Stack>
      {data && (
        <Text fz="xs" c="dimmed" mt="sm">
          {t('compliance.windows', { dueSoon: data.dueSoonDays, expiring: data.expiringSoonDays })}
        </Text>
      )}
    </Paper>
  );
}

/** The people behind a count: the assignment's people in that state within the place filters. */
function PeopleModal({
  drill,
  filters,
  onClose,
}: {
  drill: DrillDown | null;
  filters: Record<string, string | undefined>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const size = 20;
  const people = useCompliancePeople(drill?.assignment.assignmentId ?? null, {
    ...filters,
    state: drill?.state,
    page,
    size,
  });
  const close = () => {
    setPage(0);
    onClose();
  };
  return (
    <Modal
      opened={drill !== null}
      onClose={close}
      title={drill ? `${drill.assignment.name} · ${t(`assignments.state.${drill.state}`)}` : ''}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <DataTable
        testId="compliance-people"
        columns={[
          {
            key: 'person',
            header: t('assignments.person'),
            render: (p) => <CellLines main={p.fullName ?? p.employeeCode} sub={p.employeeCode} subMono />,
          },
          { key: 'due', header: t('assignments.dueDate'), width: 130, render: (p) => formatDate(p.dueAt) },
          {
            key: 'state',
            header: t('assignments.stateHeader'),
            width: 130,
            render: (p) => <AssignmentStateBadge state={p.state} />,
          },
        ]}
        rows={people.data?.items}
        rowKey={(p) => p.userId}
        loading={people.isPending || people.isPlaceholderData}
        error={people.error}
        total={people.data?.total}
        page={page}
        size={size}
        onPageChange={setPage}
        minWidth={420}
        emptyText={t('compliance.nobody')}
      />
    </Modal>
  );
}

export default CompliancePage;
