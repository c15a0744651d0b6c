import { APPLICATION_STATUSES, type TApplication } from '@academy/contract';
import { Anchor, Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDownload, IconEye, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  actionsColumn,
  CellLines,
  type Column,
  ConfirmDeleteDialog,
  DataTable,
  DeleteAction,
  ListSearch,
  pagedTable,
  ResultDialog,
  RowAction,
  useManagedList,
} from '../../components/management';
import { formatDateTime } from '../../lib/format';
import {
  useApplications,
  useDeleteApplication,
  useExportApplications,
  usePost,
  useReviewApplication,
} from './api';
import { APPLICATION_COLORS, formatDeadline } from './format';

const BASE = '/management/recruitment';

/** /management/recruitment/curriculum-vitae/{id}: a post's applications; review, delete, export. */
export function ApplicationsPage() {
  const { t } = useTranslation();
  const postId = Number(useParams().id);
  const post = usePost(postId);
  const { list, result, deletion } = useManagedList<TApplication>(useDeleteApplication(), (item) =>
    notifications.show({
      color: 'green',
      message: t('recruitment.applicationDeleted', { name: item.fullName }),
    }),
  );
  const query = { q: list.q, status: list.filters.status };
  const applications = useApplications(postId, { ...query, page: list.page, size: list.size });
  const review = useReviewApplication();
  const exportApplications = useExportApplications();

  function decide(application: TApplication, decision: 'approve' | 'disapprove') {
    review.mutate(
      { id: application.id, decision },
      {
        onSuccess: () =>
          notifications.show({
            color: decision === 'approve' ? 'green' : 'orange',
            message: t(decision === 'approve' ? 'recruitment.approved' : 'recruitment.disapproved', {
              name: application.fullName,
            }),
          }),
        onError: result.fail,
      },
    );
  }

  const columns: Column<TApplication>[] = [
    {
      key: 'candidate',
      header: t('recruitment.candidate.title'),
      render: (a) => (
        <CellLines main={a.fullName} to={`${BASE}/curriculum-vitae/detail/${a.id}`} sub={a.email} />
      ),
    },
    {
      key: 'phone',
      header: t('recruitment.candidate.phone'),
      width: 150,
      render: (a) => <Text fz="sm">{a.phone}</Text>,
    },
    {
      key: 'createdAt',
      header: t('recruitment.appliedAt'),
      width: 170,
      render: (a) => <Text fz="sm">{formatDateTime(a.createdAt)}</Text>,
    },
    {
      key: 'status',
      header: t('recruitment.fields.status'),
      width: 120,
      render: (a) => (
        <Badge
          color={APPLICATION_COLORS[a.status]}
          variant="light"
          size="sm"
          data-testid="application-status"
        >
          {t(`recruitment.applicationStatus.${a.status}`)}
        </Badge>
      ),
    },
    actionsColumn(150, (a) => {
      const busy = review.isPending && review.variables?.id === a.id;
      return (
        <>
          <RowAction
            label={t('recruitment.viewCv')}
            subject={a.fullName}
            icon={<IconEye size={18} />}
            to={`${BASE}/curriculum-vitae/detail/${a.id}`}
          />
          <RowAction
            label={t('recruitment.approve')}
            subject={a.fullName}
            icon={<IconCheck size={18} />}
            color="green"
            disabled={a.status === 'APPROVED'}
            loading={busy && review.variables?.decision === 'approve'}
            onClick={() => decide(a, 'approve')}
          />
          <RowAction
            label={t('recruitment.disapprove')}
            subject={a.fullName}
            icon={<IconX size={18} />}
            color="orange"
            disabled={a.status === 'DISAPPROVED'}
            loading={busy && review.variables?.decision === 'disapprove'}
            onClick={() => decide(a, 'disapprove')}
          />
          <DeleteAction subject={a.fullName} onClick={() => deletion.ask(a)} />
        </>
      );
    }),
  ];

  return (
    <>
      <Anchor component={Link} to={post.data ? `${BASE}/detail/${postId}` : BASE} fz="sm">
        ← {post.data?.vacancy ?? t('management.areas.recruitment')}
      </Anchor>
      <Group justify="space-between" align="flex-end" mt="xs" mb="lg" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2" c="var(--academy-ink)">
            {t('recruitment.applicationsOf', { vacancy: post.data?.vacancy ?? '…' })}
          </Title>
          {post.data && (
            <Text fz="sm" c="dimmed">
              {post.data.branchName} · {t('recruitment.fields.deadline')}:{' '}
              {formatDeadline(t, post.data.endDate)}
            </Text>
          )}
        </Stack>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exportApplications.isPending}
          onClick={() => exportApplications.mutate({ postId, query }, { onError: result.fail })}
          data-testid="export-applications"
        >
          {t('common.export')}
        </Button>
      </Group>
      {post.isError && <Text c="red">{post.error.message}</Text>}
      <Group gap="sm" mb="md" wrap="wrap">
        <ListSearch
          list={list}
          style={{ flex: '1 1 260px' }}
          placeholder={t('recruitment.searchCandidates')}
        />
        <Select
          style={{ flex: '0 1 220px' }}
          aria-label={t('recruitment.fields.status')}
          placeholder={t('recruitment.anyStatus')}
          data={APPLICATION_STATUSES.map((value) => ({
            value,
            label: t(`recruitment.applicationStatus.${value}`),
          }))}
          value={list.filters.status ?? null}
          onChange={(value) => list.update({ status: value })}
          clearable
        />
      </Group>
      <DataTable
        columns={columns}
        rowKey={(a) => a.id}
        {...pagedTable(applications, list)}
        loading={applications.isFetching && !applications.data}
        numbered
        emptyText={t('recruitment.noApplications')}
        testId="applications-table"
      />
      <ConfirmDeleteDialog {...deletion.dialog} subject={deletion.target?.fullName} />
      <ResultDialog state={result} />
    </>
  );
}

export default ApplicationsPage;
