import type { TRoadmapListItem } from '@academy/contract';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  type Column,
  DeleteAction,
  EditAction,
  ListPage,
  ListSearch,
  pagedTable,
  RowActions,
  useConfirmDelete,
  useResult,
} from '../../components/management';
import { formatDate } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useDeleteRoadmap, useRoadmapList } from './api';
import { RoadmapFormModal } from './RoadmapFormModal';

/** /management/schedule: the roadmaps (one per branch and authorization), add, edit, delete. */
export function SchedulePage() {
  const { t } = useTranslation();
  const list = useListParams();
  const roadmaps = useRoadmapList({ q: list.q, page: list.page, size: list.size });
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const result = useResult();
  const deletion = useConfirmDelete<TRoadmapListItem>(useDeleteRoadmap(), t('schedule.deleted'), result);

  const columns: Column<TRoadmapListItem>[] = [
    {
      key: 'branch',
      header: t('schedule.branch'),
      render: (r) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {r.branchName}
          </Text>
          <Text fz="xs" c="dimmed">
            {r.serviceName}
          </Text>
        </Stack>
      ),
    },
    { key: 'authorization', header: t('schedule.authorization'), render: (r) => r.authorizationName },
    { key: 'milestones', header: t('schedule.milestones'), width: 100, render: (r) => r.milestoneCount },
    { key: 'courses', header: t('schedule.courses'), width: 90, render: (r) => r.courseCount },
    { key: 'learners', header: t('schedule.learners'), width: 90, render: (r) => r.learnerCount },
    { key: 'updated', header: t('schedule.updatedAt'), width: 130, render: (r) => formatDate(r.updatedAt) },
    {
      key: 'actions',
      header: t('common.actions'),
      width: 100,
      align: 'right',
      render: (r) => (
        <RowActions>
          <EditAction subject={`${r.branchName} ${r.authorizationName}`} onClick={() => setEditing(r.id)} />
          <DeleteAction subject={`${r.branchName} ${r.authorizationName}`} onClick={() => deletion.ask(r)} />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      title={t('management.areas.schedule')}
      actions={<AddButton label={t('schedule.add')} onClick={() => setEditing(null)} testId="roadmap-add" />}
      toolbar={
        <ListSearch
          q={list.q}
          onSearch={(q) => list.update({ q })}
          placeholder={t('schedule.searchPlaceholder')}
          mb="sm"
          maw={{ sm: 360 }}
        />
      }
      table={{
        testId: 'roadmaps-table',
        columns,
        rowKey: (r) => r.id,
        ...pagedTable(roadmaps, list),
        loading: roadmaps.isPending,
        numbered: true,
        emptyText: t('schedule.empty'),
      }}
      result={result}
      deletion={deletion}
      deleteSubject={(r) => `${r.branchName} — ${r.authorizationName}`}
    >
      <RoadmapFormModal
        id={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(message) => {
          setEditing(undefined);
          result.succeed(message);
        }}
      />
    </ListPage>
  );
}

export default SchedulePage;
