import type { TRecruitmentPostRow } from '@academy/contract';
import { Badge, Group, SegmentedControl, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconFileCv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AddButton,
  actionsColumn,
  CellLines,
  type Column,
  EditDeleteActions,
  ListPage,
  ListSearch,
  pagedTable,
  RowAction,
  useManagedList,
} from '../../components/management';
import { useDeletePost, usePostList } from './api';
import { formatDeadline, formatSalary, STATUS_COLORS } from './format';

const BASE = '/management/recruitment';

/** /management/recruitment: posts with search and an open/closed/all filter; add, view, edit, CVs, delete. */
export function ManagePostsPage() {
  const { t } = useTranslation();
  const { list, result, deletion } = useManagedList<TRecruitmentPostRow>(useDeletePost(), (item) =>
    notifications.show({ color: 'green', message: t('recruitment.postDeleted', { name: item.vacancy }) }),
  );
  const status = list.filters.status ?? 'all';
  const posts = usePostList({ q: list.q, status, page: list.page, size: list.size });

  const columns: Column<TRecruitmentPostRow>[] = [
    {
      key: 'vacancy',
      header: t('recruitment.fields.vacancy'),
      render: (p) => <CellLines main={p.vacancy} to={`${BASE}/detail/${p.id}`} sub={p.branchName} />,
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
        <Text
          component={Link}
          to={`${BASE}/curriculum-vitae/${p.id}`}
          fz="sm"
          c="var(--academy-ink)"
          fw={600}
        >
          {p.applicationCount}
          {p.pendingCount > 0 && (
            <Text span fz="xs" c="var(--academy-accent-text)" fw={600}>
              {' '}
              ({t('recruitment.newCount', { count: p.pendingCount })})
            </Text>
          )}
        </Text>
      ),
    },
    actionsColumn(150, (p) => (
      <>
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
        <EditDeleteActions
          subject={p.vacancy}
          editTo={`${BASE}/edit/${p.id}`}
          onDelete={() => deletion.ask(p)}
        />
      </>
    )),
  ];

  return (
    <ListPage
      title={t('management.areas.recruitment')}
      actions={<AddButton label={t('recruitment.addPost')} to={`${BASE}/add`} testId="add-post" />}
      toolbar={
        <Group gap="sm" mb="md" wrap="wrap">
          <ListSearch
            list={list}
            style={{ flex: '1 1 260px' }}
            placeholder={t('recruitment.searchPlaceholder')}
            testId="posts-search"
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
      }
      table={{
        columns,
        rowKey: (p) => p.id,
        ...pagedTable(posts, list),
        loading: posts.isFetching && !posts.data,
        numbered: true,
        testId: 'posts-table',
      }}
      result={result}
      deletion={deletion}
      deleteSubject={(p) => p.vacancy}
      deleteMessage={
        deletion.target && deletion.target.applicationCount > 0
          ? t('recruitment.deleteWithApplications', { count: deletion.target.applicationCount })
          : undefined
      }
    />
  );
}

export default ManagePostsPage;
