import type { TTopic } from '@academy/contract';
import { Alert, Anchor, Badge, Button, Group, Paper, Text } from '@mantine/core';
import { IconExternalLink, IconList } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable';
import { AddButton, actionsColumn, ResultDialog, useEditing, useResult } from '../../components/management';
import { PageHeader } from '../../components/PageHeader';
import { useCourse, useReorderTopics, useTopics } from './api';
import { CourseBreadcrumbs } from './CourseBreadcrumbs';
import { CourseFormModal } from './CourseFormModal';
import { CourseItemActions } from './CourseItemActions';
import { DeleteItemDialog, type DeleteTarget } from './DeleteItemDialog';
import { orderColumn } from './order-column';
import { useCourseActions } from './permissions';
import { TopicFormModal } from './TopicFormModal';

/** /management/course/{id}: a course's topics — add, rename, reorder, delete; each opens its lessons. */
export function TopicsPage() {
  const { t } = useTranslation();
  const courseId = Number(useParams().id);
  const actions = useCourseActions();
  const course = useCourse(courseId);
  const topics = useTopics(courseId);
  const reorder = useReorderTopics(courseId);
  const editing = useEditing<TTopic>();
  const [editingCourse, setEditingCourse] = useState(false);
  const [toDelete, setToDelete] = useState<DeleteTarget | null>(null);
  const result = useResult();
  const rows = topics.data ?? [];

  const columns: Column<TTopic>[] = [
    {
      key: 'name',
      header: t('courseAdmin.topicName'),
      render: (topic) => (
        <Anchor
          component={Link}
          to={`/management/course/${courseId}/topic/${topic.id}`}
          fw={600}
          c="var(--academy-ink)"
        >
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
      ? [orderColumn({ rows, header: t('courseAdmin.order'), reorder, onError: result.fail })]
      : []),
    actionsColumn(150, (topic) => (
      <CourseItemActions
        name={topic.name}
        open={{
          to: `/management/course/${courseId}/topic/${topic.id}`,
          label: t('courseAdmin.lessons'),
          icon: <IconList size={18} />,
        }}
        onEdit={() => editing.edit(topic)}
        onDelete={() => setToDelete(topic)}
      />
    )),
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
            {actions.canAdd && <AddButton label={t('courseAdmin.addTopic')} onClick={editing.add} />}
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
        opened={editing.opened}
        courseId={courseId}
        topic={editing.item}
        onClose={editing.close}
        onSaved={editing.savedWith(result, t('courseAdmin.topicAdded'), t('courseAdmin.topicSaved'))}
      />
      <CourseFormModal
        opened={editingCourse}
        course={course.data}
        onClose={() => setEditingCourse(false)}
        onSaved={() => {
          setEditingCourse(false);
          result.succeed(t('courseAdmin.courseSaved'));
        }}
      />
      <DeleteItemDialog
        kind="topics"
        target={toDelete}
        onClose={() => setToDelete(null)}
        result={result}
        deleted={t('courseAdmin.topicDeleted')}
      />
      <ResultDialog state={result} />
    </>
  );
}

export default TopicsPage;
