import type { TLesson } from '@academy/contract';
import { ActionIcon, Alert, Anchor, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconBrandYoutube,
  IconChecklist,
  IconEdit,
  IconMovie,
  IconPaperclip,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable';
import { MessageDialog } from '../../components/MessageDialog';
import { PageHeader } from '../../components/PageHeader';
import { useCourse, useLessons, useReorderLessons, useTopics } from './api';
import { CourseBreadcrumbs } from './CourseBreadcrumbs';
import { DeleteItemDialog, type DeleteTarget } from './DeleteItemDialog';
import { moved } from './order';
import { lessonFormPath } from './paths';
import { useCourseActions } from './permissions';
import { ReorderButtons } from './ReorderButtons';

type Result = { message: string; kind: 'success' | 'error' } | null;

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
  const [result, setResult] = useState<Result>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const rows = lessons.data ?? [];

  const move = (from: number, to: number) =>
    reorder.mutate(
      moved(
        rows.map((row) => row.id),
        from,
        to,
      ),
      { onError: (error) => setResult({ kind: 'error', message: error.message }) },
    );

  const columns: Column<TLesson>[] = [
    {
      key: 'name',
      header: t('courseAdmin.lessonName'),
      render: (lesson) => (
        <Stack gap={2}>
          <Text fw={600} c="brand.9">
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
                : t('courseAdmin.noExamYet')}
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
      ? [
          {
            key: 'order',
            header: t('courseAdmin.order'),
            width: 100,
            render: (lesson: TLesson, index: number) => (
              <ReorderButtons
                index={index}
                count={rows.length}
                name={lesson.name}
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
      width: 110,
      align: 'right',
      render: (lesson) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {actions.canEdit && (
            <Tooltip label={t('common.edit')}>
              <ActionIcon
                component={Link}
                to={lessonFormPath({ courseId, topicId, lessonId: lesson.id })}
                variant="subtle"
                color="brand.9"
                aria-label={`${t('common.edit')} ${lesson.name}`}
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
                aria-label={`${t('common.delete')} ${lesson.name}`}
                onClick={() => setToDelete(lesson)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
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
            <Button
              component={Link}
              to={lessonFormPath({ courseId, topicId })}
              leftSection={<IconPlus size={16} />}
              color="accent.6"
            >
              {t('courseAdmin.addLesson')}
            </Button>
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
        onDeleted={() => {
          setToDelete(null);
          setResult({ kind: 'success', message: t('courseAdmin.lessonDeleted') });
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

export default LessonsPage;
