import type { TRecruitmentPostRow } from '@academy/contract';
import { Badge, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEye, IconFileCv, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type Column,
  ConfirmDeleteDialog,
  DataTable,
  DeleteAction,
  EditAction,
  PageHeader,
  ResultDialog,
  RowAction,
  useConfirmDelete,
  useResult,
} from '../../components/management';
import { useListParams } from '../../lib/use-list-params';
import { useDeletePost, usePostList } from './api';
import { formatDeadline, formatSalary, STATUS_COLORS } from './format';

const BASE = '/management/recruitment';

/** /management/recruitment: posts with search and an open/closed/all filter; add, view, edit, CVs, delete. */
export function ManagePostsPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const status = list.filters.status ?? 'all';
  const posts = usePostList({ q: list.q, status, page: list.page, size: list.size });
  const result = useResult();
  const deletion = useConfirmDelete<TRecruitmentPostRow>(
    useDeletePost(),
    (item) =>
      notifications.show({ color: 'green', message: t('recruitment.postDeleted', { name: item.vacancy }) }),
    result,
  );
  const search = useDebouncedCallback((q: string) => list.update({ q }), 300);

  const columns: Column<TRecruitmentPostRow>[] = [
    {
      key: 'vacancy',
      header: t('recruitment.fields.vacancy'),
      render: (p) => (
        <Stack gap={0}>
          <Text component={Link} to={`${BASE}/detail/${p.id}`} fw={600} c="brand.9" fz="sm">
            {p.vacancy}
          </Text>
          <Text fz="xs" c="dimmed">
            {p.branchName}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'salary',
      header: t('recruitment.fields.wage'),
      render: (p) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatSalary(t, p.salaryMin, p.salaryMax)}
        </Text>
      ),
    },
    {
      key: 'deadline',
      header: t('recruitment.fields.deadline'),
      width: 130,
      render: (p) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDeadline(t, p.endDate)}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('recruitment.fields.status'),
      width: 100,
      render: (p) => (
        <Badge color={STATUS_COLORS[p.status]} variant="light" size="sm">
          {t(`recruitment.status.${p.status}`)}
        </Badge>
      ),
    },
    {
      key: 'applications',
      header: t('recruitment.applications'),
      width: 130,
      render: (p) => (
        <Text component={Link} to={`${BASE}/curriculum-vitae/${p.id}`} fz="sm" c="brand.9" fw={600}>
          {p.applicationCount}
          {p.pendingCount > 0 && (
            <Text span fz="xs" c="accent.7" fw={600}>
              {' '}
              ({t('recruitment.newCount', { count: p.pendingCount })})
            </Text>
          )}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      width: 150,
      align: 'right',
      render: (p) => (
        <Group gap={2} justify="flex-end" wrap="nowrap">
          <RowAction
            label={t('recruitment.viewPost')}
            subject={p.vacancy}
            icon={<IconEye size={18} />}
            to={`${BASE}/detail/${p.id}`}
          />
          <RowAction
            label={t('recruitment.applications')}
            subject={p.vacancy}
            icon={<IconFileCv size={18} />}
            to={`${BASE}/curriculum-vitae/${p.id}`}
          />
          <EditAction subject={p.vacancy} to={`${BASE}/edit/${p.id}`} />
          <DeleteAction subject={p.vacancy} onClick={() => deletion.ask(p)} />
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('management.areas.recruitment')}
        actions={
          <Button
            component={Link}
            to={`${BASE}/add`}
            leftSection={<IconPlus size={16} />}
            color="accent.6"
            data-testid="add-post"
          >
            {t('recruitment.addPost')}
          </Button>
        }
      />
      <Group gap="sm" mb="md" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 260px' }}
          aria-label={t('common.search')}
          placeholder={t('recruitment.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          defaultValue={list.q}
          onChange={(event) => search(event.currentTarget.value)}
          data-testid="posts-search"
        />
        <SegmentedControl
          value={status}
          onChange={(value) => list.update({ status: value === 'all' ? null : value })}
          data={[
            { value: 'all', label: t('recruitment.filter.all') },
            { value: 'open', label: t('recruitment.filter.open') },
            { value: 'closed', label: t('recruitment.filter.closed') },
          ]}
          data-testid="posts-status"
        />
      </Group>
      <DataTable
        columns={columns}
        rows={posts.data?.items}
        rowKey={(p) => p.id}
        loading={posts.isFetching && !posts.data}
        error={posts.error}
        total={posts.data?.total}
        page={list.page}
        size={list.size}
        onPageChange={(page) => list.update({ page })}
        numbered
        testId="posts-table"
      />
      <ConfirmDeleteDialog
        {...deletion.dialog}
        subject={deletion.target?.vacancy}
        message={
          deletion.target && deletion.target.applicationCount > 0
            ? t('recruitment.deleteWithApplications', { count: deletion.target.applicationCount })
            : undefined
        }
      />
      <ResultDialog state={result} />
    </>
  );
}

export default ManagePostsPage;
