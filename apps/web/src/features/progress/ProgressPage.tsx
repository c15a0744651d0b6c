import { PROGRESS_STATUS_WORD, type TProgressRow } from '@academy/contract';
import { Button, Collapse, Group, Progress, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import {
  CellLines,
  type Column,
  DataTable,
  ListSearch,
  PageHeader,
  pagedTable,
  ResultDialog,
  useFoldingFilters,
  useResult,
} from '../../components/management';
import { StatusBadge } from '../../components/StatusBadge';
import { formatDate } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useExportProgress, useProgressList, useProgressSummary } from './api';
import { ProgressDashboard } from './ProgressDashboard';
import { PROGRESS_FILTERS, ProgressFilters, rangeErrors } from './ProgressFilters';
import { rememberProgressSearch, savedProgressSearch } from './saved-search';

/** /management/progress: the dashboard, filters and search, the learner × course report, export. */
export function ProgressPage() {
  const { search } = useLocation();
  // Back from a learner's pages without a query: the filters saved while on the progress pages.
  const saved = savedProgressSearch();
  if (!search && saved) return <Navigate to={{ search: saved }} replace />;
  return <ProgressReport />;
}

function ProgressReport() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const list = useListParams();
  const { filters } = list;
  useEffect(() => rememberProgressSearch(search), [search]);
  const valid = Object.keys(rangeErrors(filters)).length === 0;
  const query = {
    q: list.q,
    ...Object.fromEntries(PROGRESS_FILTERS.map((key) => [key, filters[key]])),
  };
  const rows = useProgressList({ ...query, page: list.page, size: list.size }, valid);
  const summary = useProgressSummary(query, valid);
  const exportProgress = useExportProgress();
  const result = useResult();
  // A wrong date stays visible so its message can be read.
  const folding = useFoldingFilters(PROGRESS_FILTERS.filter((key) => filters[key]).length, !valid);

  const columns: Column<TProgressRow>[] = [
    {
      key: 'learner',
      header: t('progress.learner'),
      render: (row) => (
        <CellLines
          main={row.fullName ?? row.employeeCode}
          to={`/management/progress/detail/${row.userId}`}
          sub={row.employeeCode}
          subMono
          miw={160}
          testId="progress-learner-link"
        />
      ),
    },
    {
      key: 'placement',
      header: t('progress.branch'),
      render: (row) => <CellLines main={row.branchName ?? row.serviceName ?? '—'} sub={row.departmentName} />,
    },
    { key: 'course', header: t('progress.course'), render: (row) => row.courseName },
    {
      key: 'percent',
      header: t('progress.percent'),
      width: 160,
      render: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Progress value={row.percent} color="accent.6" style={{ flex: 1 }} aria-label={row.courseName} />
          <Text fz="xs" w={70} ta="right">
            {row.passedLessons}/{row.lessonCount} · {row.percent}%
          </Text>
        </Group>
      ),
    },
    {
      key: 'status',
      header: t('progress.status'),
      width: 140,
      render: (row) => <StatusBadge status={PROGRESS_STATUS_WORD[row.status]} testId="progress-status" />,
    },
    {
      key: 'last',
      header: t('progress.lastStudied'),
      width: 130,
      render: (row) => formatDate(row.lastStudiedAt),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('management.areas.progress')}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exportProgress.isPending}
            disabled={!valid}
            onClick={() => exportProgress.mutate(query, { onError: result.fail })}
            data-testid="progress-export"
          >
            {t('common.export')}
          </Button>
        }
      />
      <ProgressDashboard summary={summary.data} />
      <Group gap="xs" mb="sm" wrap="nowrap">
        <ListSearch
          list={list}
          placeholder={t('progress.searchPlaceholder')}
          style={{ flex: 1 }}
          maw={{ sm: 360 }}
          testId="progress-search"
        />
        {folding.toggle}
      </Group>
      <Collapse in={folding.shown}>
        <ProgressFilters filters={filters} update={list.update} />
      </Collapse>
      <DataTable
        testId="progress-table"
        columns={columns}
        rowKey={(row) => `${row.userId}-${row.courseId}`}
        {...pagedTable(rows, list)}
        rows={valid ? rows.data?.items : []}
        loading={valid && (rows.isPending || rows.isPlaceholderData)}
        numbered
        minWidth={1000}
        emptyText={t('progress.empty')}
      />
      <ResultDialog state={result} />
    </>
  );
}

export default ProgressPage;
