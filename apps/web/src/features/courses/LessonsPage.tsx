import type { TLesson } from '@academy/contract';
import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { IconBrandYoutube, IconChecklist, IconMovie, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable';
import { AddButton, actionsColumn, ResultDialog, useResult } from '../../components/management';
import { PageHeader } from '../../components/PageHeader';
import { useCourse, useLessons, useReorderLessons, useTopics } from './api';
import { CourseBreadcrumbs } from './CourseBreadcrumbs';
import { CourseItemActions } from './CourseItemActions';
import { DeleteItemDialog, type DeleteTarget } from './DeleteItemDialog';
import { orderColumn } from './order-column';
import { lessonFormPath } from './paths';
import { useCourseActions } from './permissions';

/** The exam authoring page of a lesson (built by the exams feature). */
export const lessonExamPath = (lessonId: number) => `/management/course/topic/lesson/${lessonId}`;

/** /management/course/{courseId}/topic/{topicId}: a topic's lessons — list, reorder, edit, delete. */
export function LessonsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const courseId = Number(params.courseId);
  const topicId = Number(params.topicId);
  const actions = useCourseActions();
  const course = useCourse(courseId);
  const topic = useTopics(courseId).data?.find((x) => x.id === topicId);
  const lessons = useLessons(topicId);
  const reorder = useReorderLessons(topicId);
  const [toDelete, setToDelete] = useState<DeleteTarget | null>(null);
  const result = useResult();
  const rows = lessons.data ?? [];

  const columns: Column<TLesson>[] = [
    {
      key: 'name',
      header: t('courseAdmin.lessonName'),
      render: (lesson) => (
        <Stack gap={2}>
          <Text fw={600} c="var(--academy-ink)">
            {lesson.name}
          </Text>
          {lesson.video.kind === 'youtube' ? (
            <Anchor href={lesson.video.url} target="_blank" rel="noopener noreferrer" fz="xs">
              <Group gap={4} wrap="nowrap">
                <IconBrandYoutube size={14} color="#FF0000" aria-hidden />
                {t('courseAdmin.youtubeVideo')}
              </Group>
            </Anchor>
          ) : (
            // The original of an upload is not served; its state shows in the lesson form.
            <Group gap={4} wrap="nowrap" c="dimmed" fz="xs">
              <IconMovie size={14} aria-hidden />
              {t('courseAdmin.uploadedVideo')}
            </Group>
          )}
        </Stack>
      ),
    },
    {
      key: 'study',
      header: t('courseAdmin.minStudy'),
      width: 120,
      render: (lesson) => t('academy.studyMinutes', { count: lesson.minStudyMinutes }),
    },
    {
      key: 'exam',
      header: t('courseAdmin.exam'),
      width: 200,
      render: (lesson) => (
        <Stack gap={2}>
          <Text fz="sm">
            {t('courseAdmin.examSummary', {
              answers: lesson.requiredCorrectAnswers,
              minutes: lesson.examTimeLimitMinutes,
            })}
          </Text>
          <Anchor component={Link} to={lessonExamPath(lesson.id)} fz="xs">
            <Group gap={4} wrap="nowrap">
              <IconChecklist size={14} aria-hidden />
              {lesson.examQuestionCount > 0
                ? t('courseAdmin.examQuestions', { count: lesson.examQuestionCount })
                : // Only those who may add questions are invited to.
                  t(actions.canAdd ? 'courseAdmin.noExamYet' : 'courseAdmin.noExamQuestions')}
            </Group>
          </Anchor>
        </Stack>
      ),
    },
    {
      key: 'documents',
      header: t('courseAdmin.documents'),
      width: 110,
      render: (lesson) =>
        lesson.documents.length > 0 ? (
          <Badge variant="light" color="brand.9" leftSection={<IconPaperclip size={12} />}>
            {lesson.documents.length}
          </Badge>
        ) : (
          <Text c="dimmed">—</Text>
        ),
    },
    ...(actions.canEdit
      ? [orderColumn({ rows, header: t('courseAdmin.order'), reorder, onError: result.fail })]
      : []),
    // A lesson's actions are edit and delete: no column for those who may do neither.
    ...(actions.canEdit || actions.canDelete
      ? [
          actionsColumn<TLesson>(110, (lesson) => (
            <CourseItemActions
              name={lesson.name}
              editTo={lessonFormPath({ courseId, topicId, lessonId: lesson.id })}
              onDelete={() => setToDelete(lesson)}
            />
          )),
        ]
      : []),
  ];

  if (lessons.error) return <Alert color="red">{lessons.error.message}</Alert>;

  return (
    <>
      <CourseBreadcrumbs
        items={[{ label: course.data?.name, to: `/management/course/${courseId}` }, { label: topic?.name }]}
      />
      <PageHeader
        title={topic?.name ?? t('common.loading')}
        actions={
          actions.canAdd && (
            <AddButton label={t('courseAdmin.addLesson')} to={lessonFormPath({ courseId, topicId })} />
          )
        }
      />
      <DataTable
        testId="lessons-table"
        columns={columns}
        rows={lessons.data}
        rowKey={(lesson) => lesson.id}
        loading={lessons.isPending}
        numbered
        emptyText={t('courseAdmin.noLessons')}
      />
      <DeleteItemDialog
        kind="lessons"
        target={toDelete}
        onClose={() => setToDelete(null)}
        result={result}
        deleted={t('courseAdmin.lessonDeleted')}
      />
      <ResultDialog state={result} />
    </>
  );
}

export default LessonsPage;
