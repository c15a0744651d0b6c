import type { TRoadmapListItem } from '@academy/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  actionsColumn,
  CellLines,
  type Column,
  EditDeleteActions,
  ListPage,
  ListSearch,
  pagedTable,
  useManagedList,
} from '../../components/management';
import { formatDate } from '../../lib/format';
import { useDeleteRoadmap, useRoadmapList } from './api';
import { RoadmapFormModal } from './RoadmapFormModal';

/** /management/schedule: the roadmaps (one per branch and authorization), add, edit, delete. */
export function SchedulePage() {
  const { t } = useTranslation();
  const { list, result, deletion } = useManagedList<TRoadmapListItem>(
    useDeleteRoadmap(),
    t('schedule.deleted'),
  );
  const roadmaps = useRoadmapList({ q: list.q, page: list.page, size: list.size });
  const [editing, setEditing] = useState<number | null | undefined>(undefined);

  const columns: Column<TRoadmapListItem>[] = [
    {
      key: 'branch',
      header: t('schedule.branch'),
      render: (r) => <CellLines main={r.branchName} strong sub={r.serviceName} />,
    },
    { key: 'authorization', header: t('schedule.authorization'), render: (r) => r.authorizationName },
    { key: 'milestones', header: t('schedule.milestones'), width: 100, render: (r) => r.milestoneCount },
    { key: 'courses', header: t('schedule.courses'), width: 90, render: (r) => r.courseCount },
    { key: 'learners', header: t('schedule.learners'), width: 90, render: (r) => r.learnerCount },
    { key: 'updated', header: t('schedule.updatedAt'), width: 130, render: (r) => formatDate(r.updatedAt) },
    actionsColumn(100, (r) => (
      <EditDeleteActions
        subject={`${r.branchName} ${r.authorizationName}`}
        onEdit={() => setEditing(r.id)}
        onDelete={() => deletion.ask(r)}
      />
    )),
  ];

  return (
    <ListPage
      title={t('management.areas.schedule')}
      actions={<AddButton label={t('schedule.add')} onClick={() => setEditing(null)} testId="roadmap-add" />}
      toolbar={
        <ListSearch list={list} placeholder={t('schedule.searchPlaceholder')} mb="sm" maw={{ sm: 360 }} />
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
