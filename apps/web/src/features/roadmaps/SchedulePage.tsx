import type { TRoadmapListItem } from '@academy/contract';
import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { MessageDialog } from '../../components/MessageDialog';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useDeleteRoadmap, useRoadmapList } from './api';
import { RoadmapFormModal } from './RoadmapFormModal';

type Result = { message: string; kind: 'success' | 'error' } | null;

/** /management/schedule: the roadmaps (one per branch and authorization), add, edit, delete. */
export function SchedulePage() {
  const { t } = useTranslation();
  const list = useListParams();
  const roadmaps = useRoadmapList({ q: list.q, page: list.page, size: list.size });
  const remove = useDeleteRoadmap();
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<TRoadmapListItem | null>(null);
  const [result, setResult] = useState<Result>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const search = useDebouncedCallback((q: string) => list.update({ q }), 300);

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
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('common.edit')}>
            <ActionIcon
              variant="subtle"
              onClick={() => setEditing(r.id)}
              aria-label={`${t('common.edit')} ${r.branchName} ${r.authorizationName}`}
            >
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => setToDelete(r)}
              aria-label={`${t('common.delete')} ${r.branchName} ${r.authorizationName}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('management.areas.schedule')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            color="accent.6"
            onClick={() => setEditing(null)}
            data-testid="roadmap-add"
          >
            {t('schedule.add')}
          </Button>
        }
      />
      <TextInput
        aria-label={t('common.search')}
        placeholder={t('schedule.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        defaultValue={list.q}
        onChange={(event) => search(event.currentTarget.value)}
        mb="sm"
        maw={{ sm: 360 }}
      />
      <DataTable
        testId="roadmaps-table"
        columns={columns}
        rows={roadmaps.data?.items}
        rowKey={(r) => r.id}
        loading={roadmaps.isPending}
        error={roadmaps.error}
        total={roadmaps.data?.total}
        page={list.page}
        size={list.size}
        onPageChange={(page) => list.update({ page })}
        numbered
        emptyText={t('schedule.empty')}
      />
      <RoadmapFormModal
        id={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(message) => {
          setEditing(undefined);
          setResult({ kind: 'success', message });
        }}
      />
      <ConfirmDeleteDialog
        opened={toDelete !== null}
        subject={toDelete ? `${toDelete.branchName} — ${toDelete.authorizationName}` : undefined}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onSuccess: () => setResult({ kind: 'success', message: t('schedule.deleted') }),
            onError: (error) => setResult({ kind: 'error', message: error.message }),
            onSettled: () => setToDelete(null),
          });
        }}
      />
      <MessageDialog message={result?.message ?? null} kind={result?.kind} onClose={closeResult} />
    </>
  );
}

export default SchedulePage;
