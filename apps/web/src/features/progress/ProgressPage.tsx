import type { TProgressRow } from '@academy/contract';
import { Badge, Button, Collapse, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import {
  type Column,
  DataTable,
  MessageDialog,
  PageHeader,
  useFoldingFilters,
} from '../../components/management';
import { formatDate } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useExportProgress, useProgressList, useProgressSummary } from './api';
import { ProgressDashboard, STATUS_COLOR } from './ProgressDashboard';
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
  const [error, setError] = useState<string | null>(null);
  const closeError = useCallback(() => setError(null), []);
  const searchFor = useDebouncedCallback((q: string) => list.update({ q }), 300);
  // A wrong date stays visible so its message can be read.
  const folding = useFoldingFilters(PROGRESS_FILTERS.filter((key) => filters[key]).length, !valid);

  const columns: Column<TProgressRow>[] = [
    {
      key: 'learner',
      header: t('progress.learner'),
      render: (row) => (
        <Stack gap={0} miw={160}>
          <Text
            component={Link}
            to={`/management/progress/detail/${row.userId}`}
            fw={600}
            c="brand.9"
            fz="sm"
            data-testid="progress-learner-link"
          >
            {row.fullName ?? row.employeeCode}
          </Text>
          <Text fz="xs" c="dimmed" ff="monospace">
            {row.employeeCode}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'placement',
      header: t('progress.branch'),
      render: (row) => (
        <Stack gap={0}>
          <Text fz="sm">{row.branchName ?? row.serviceName ?? '—'}</Text>
          {row.departmentName && (
            <Text fz="xs" c="dimmed">
              {row.departmentName}
            </Text>
          )}
        </Stack>
      ),
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
      render: (row) => (
        <Badge variant="light" color={STATUS_COLOR[row.status]} size="sm">
          {t(`progress.statuses.${row.status}`)}
        </Badge>
      ),
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
            onClick={() => exportProgress.mutate(query, { onError: (e) => setError(e.message) })}
            data-testid="progress-export"
          >
            {t('common.export')}
          </Button>
        }
      />
      <ProgressDashboard summary={summary.data} />
      <Group gap="xs" mb="sm" wrap="nowrap">
        <TextInput
          aria-label={t('common.search')}
          placeholder={t('progress.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          defaultValue={list.q}
          onChange={(event) => searchFor(event.currentTarget.value)}
          style={{ flex: 1 }}
          maw={{ sm: 360 }}
          data-testid="progress-search"
        />
        {folding.toggle}
      </Group>
      <Collapse in={folding.shown}>
        <ProgressFilters filters={filters} update={list.update} />
      </Collapse>
      <DataTable
        testId="progress-table"
        columns={columns}
        rows={valid ? rows.data?.items : []}
        rowKey={(row) => `${row.userId}-${row.courseId}`}
        loading={valid && (rows.isPending || rows.isPlaceholderData)}
        error={rows.error}
        total={rows.data?.total}
        page={list.page}
        size={list.size}
        onPageChange={(page) => list.update({ page })}
        numbered
        minWidth={1000}
        emptyText={t('progress.empty')}
      />
      <MessageDialog message={error} kind="error" onClose={closeError} />
    </>
  );
}

export default ProgressPage;
