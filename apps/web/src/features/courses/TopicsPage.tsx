import type { TTopic } from '@academy/contract';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconExternalLink, IconList, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable';
import { MessageDialog } from '../../components/MessageDialog';
import { PageHeader } from '../../components/PageHeader';
import { useCourse, useReorderTopics, useTopics } from './api';
import { CourseBreadcrumbs } from './CourseBreadcrumbs';
import { CourseFormModal } from './CourseFormModal';
import { DeleteItemDialog, type DeleteTarget } from './DeleteItemDialog';
import { moved } from './order';
import { useCourseActions } from './permissions';
import { ReorderButtons } from './ReorderButtons';
import { TopicFormModal } from './TopicFormModal';

type Result = { message: string; kind: 'success' | 'error' } | null;

/** /management/course/{id}: a course's topics — add, rename, reorder, delete; each opens its lessons. */
export function TopicsPage() {
  const { t } = useTranslation();
  const courseId = Number(useParams().id);
  const actions = useCourseActions();
  const course = useCourse(courseId);
  const topics = useTopics(courseId);
  const reorder = useReorderTopics(courseId);
  const [editing, setEditing] = useState<TTopic | 'new' | null>(null);
  const [editingCourse, setEditingCourse] = useState(false);
  const [toDelete, setToDelete] = useState<DeleteTarget | null>(null);
  const [result, setResult] = useState<Result>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const rows = topics.data ?? [];

  const move = (from: number, to: number) =>
    reorder.mutate(
      moved(
        rows.map((row) => row.id),
        from,
        to,
      ),
      { onError: (error) => setResult({ kind: 'error', message: error.message }) },
    );

  const columns: Column<TTopic>[] = [
    {
      key: 'name',
      header: t('courseAdmin.topicName'),
      render: (topic) => (
        <Anchor component={Link} to={`/management/course/${courseId}/topic/${topic.id}`} fw={600} c="brand.9">
          {topic.name}
        </Anchor>
      ),
    },
    {
      key: 'lessons',
      header: t('courseAdmin.lessons'),
      width: 120,
      render: (topic) => t('academy.lessonCount', { count: topic.lessonCount }),
    },
    ...(actions.canEdit
      ? [
          {
            key: 'order',
            header: t('courseAdmin.order'),
            width: 100,
            render: (topic: TTopic, index: number) => (
              <ReorderButtons
                index={index}
                count={rows.length}
                name={topic.name}
                disabled={reorder.isPending}
                onMove={move}
              />
            ),
          },
        ]
      : []),
    {
      key: 'actions',
      header: t('common.actions'),
      width: 150,
      align: 'right',
      render: (topic) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('courseAdmin.lessons')}>
            <ActionIcon
              component={Link}
              to={`/management/course/${courseId}/topic/${topic.id}`}
              variant="subtle"
              color="brand.9"
              aria-label={`${t('courseAdmin.lessons')}: ${topic.name}`}
            >
              <IconList size={18} />
            </ActionIcon>
          </Tooltip>
          {actions.canEdit && (
            <Tooltip label={t('common.edit')}>
              <ActionIcon
                variant="subtle"
                color="brand.9"
                aria-label={`${t('common.edit')} ${topic.name}`}
                onClick={() => setEditing(topic)}
              >
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {actions.canDelete && (
            <Tooltip label={t('common.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('common.delete')} ${topic.name}`}
                onClick={() => setToDelete(topic)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  if (course.error) return <Alert color="red">{course.error.message}</Alert>;

  return (
    <>
      <CourseBreadcrumbs items={[{ label: course.data?.name }]} />
      <PageHeader
        title={course.data?.name ?? t('common.loading')}
        actions={
          <>
            <Button
              component={Link}
              to={`/training-academy/course/${courseId}`}
              variant="subtle"
              color="brand.9"
              leftSection={<IconExternalLink size={16} />}
            >
              {t('courseAdmin.viewAsLearner')}
            </Button>
            {actions.canEdit && course.data && (
              <Button variant="light" color="brand.9" onClick={() => setEditingCourse(true)}>
                {t('courseAdmin.editCourse')}
              </Button>
            )}
            {actions.canAdd && (
              <Button leftSection={<IconPlus size={16} />} color="accent.6" onClick={() => setEditing('new')}>
                {t('courseAdmin.addTopic')}
              </Button>
            )}
          </>
        }
      />
      {course.data && (
        <Paper withBorder p="sm" mb="md" radius="md">
          <Group gap="xs">
            <Badge variant="light" color="accent.6">
              {course.data.serviceName}
            </Badge>
            <Badge variant="light" color={course.data.ordered ? 'brand.9' : 'gray'}>
              {course.data.ordered ? t('courseAdmin.ordered') : t('courseAdmin.unordered')}
            </Badge>
            <Text fz="sm" c="dimmed">
              {t('academy.topicCount', { count: course.data.topicCount })} ·{' '}
              {t('academy.lessonCount', { count: course.data.lessonCount })} ·{' '}
              {t('academy.studyMinutes', { count: course.data.totalStudyMinutes })}
            </Text>
          </Group>
        </Paper>
      )}
      <DataTable
        testId="topics-table"
        columns={columns}
        rows={topics.data}
        rowKey={(topic) => topic.id}
        loading={topics.isPending}
        error={topics.error}
        numbered
        emptyText={t('courseAdmin.noTopics')}
      />
      <TopicFormModal
        opened={editing !== null}
        courseId={courseId}
        topic={editing === 'new' ? undefined : (editing ?? undefined)}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setResult({
            kind: 'success',
            message: editing === 'new' ? t('courseAdmin.topicAdded') : t('courseAdmin.topicSaved'),
          });
          setEditing(null);
        }}
      />
      <CourseFormModal
        opened={editingCourse}
        course={course.data}
        onClose={() => setEditingCourse(false)}
        onSaved={() => {
          setEditingCourse(false);
          setResult({ kind: 'success', message: t('courseAdmin.courseSaved') });
        }}
      />
      <DeleteItemDialog
        kind="topics"
        target={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={() => {
          setToDelete(null);
          setResult({ kind: 'success', message: t('courseAdmin.topicDeleted') });
        }}
        onFailed={(message) => {
          setToDelete(null);
          setResult({ kind: 'error', message });
        }}
      />
      <MessageDialog message={result?.message ?? null} kind={result?.kind} onClose={closeResult} />
    </>
  );
}

export default TopicsPage;
