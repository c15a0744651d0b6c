import { EXAM_MESSAGES, type TAuthorQuestion } from '@academy/contract';
import { Alert, Center, Grid, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  AddButton,
  ConfirmDeleteDialog,
  PageHeader,
  ResultDialog,
  useConfirmDelete,
  useResult,
} from '../../components/management';
import { CourseBreadcrumbs } from '../courses';
import { useDeleteQuestion, useDuplicateQuestion, useExamAuthoring, useReorderQuestions } from './api';
import { ExamSettingsCard } from './authoring/ExamSettingsCard';
import { LockedLearnersCard } from './authoring/LockedLearnersCard';
import { QuestionCard } from './authoring/QuestionCard';
import { QuestionExcelCard } from './authoring/QuestionExcelCard';
import { belowRequired, deleteBreaksRequired } from './authoring/required-bar';
import { useExamPermissions } from './authoring/use-exam-permissions';
import { QuestionEditor } from './QuestionEditor';

/**
 * /management/course/topic/lesson/{id}: a lesson's exam — settings, questions (add, edit,
 * duplicate, reorder, delete), Excel import and export, and learners locked out of it.
 */
export function ExamAuthoringPage() {
  const { t } = useTranslation();
  const lessonId = Number(useParams().id);
  const exam = useExamAuthoring(lessonId);
  const can = useExamPermissions();
  const [editing, setEditing] = useState<TAuthorQuestion | 'new' | null>(null);
  const result = useResult();
  const deletion = useConfirmDelete<TAuthorQuestion>(
    useDeleteQuestion(lessonId),
    t('exams.questionDeleted'),
    result,
  );
  const duplicate = useDuplicateQuestion(lessonId);
  const reorder = useReorderQuestions(lessonId);

  if (exam.error) return <Alert color="red">{exam.error.message}</Alert>;
  if (!exam.data)
    return (
      <Center mih={240}>
        <Loader />
      </Center>
    );
  const { lesson, questions, settings } = exam.data;

  const move = (index: number, by: -1 | 1) => {
    const ids = questions.map((q) => q.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    reorder.mutate(ids, { onError: result.fail });
  };

  return (
    <>
      <CourseBreadcrumbs
        items={[
          { label: lesson.courseName, to: `/management/course/${lesson.courseId}` },
          { label: lesson.topicName, to: `/management/course/${lesson.courseId}/topic/${lesson.topicId}` },
          { label: lesson.name },
        ]}
      />
      <PageHeader
        title={t('exams.authoringTitle', { lesson: lesson.name })}
        actions={
          can.canAdd && (
            <AddButton
              label={t('exams.addQuestion')}
              onClick={() => setEditing('new')}
              testId="add-question"
            />
          )
        }
      />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm" data-testid="question-list">
            {belowRequired(settings.requiredCorrectAnswers, questions.length) && (
              <Alert color="yellow" data-testid="below-required">
                {EXAM_MESSAGES.requiredAboveQuestions}
              </Alert>
            )}
            {questions.length === 0 && (
              <Paper withBorder p="lg" radius="md">
                <Text c="dimmed">{t(can.canAdd ? 'exams.noQuestions' : 'exams.noQuestionsToView')}</Text>
              </Paper>
            )}
            {questions.map((question, index) => (
              <QuestionCard
                key={question.id}
                question={question}
                number={index + 1}
                count={questions.length}
                can={can}
                busy={reorder.isPending || duplicate.isPending}
                onEdit={() => setEditing(question)}
                onDelete={() => deletion.ask(question)}
                onDuplicate={() =>
                  duplicate.mutate(question.id, {
                    onSuccess: () => result.succeed(t('exams.questionDuplicated')),
                    onError: result.fail,
                  })
                }
                onMove={(by) => move(index, by)}
              />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <ExamSettingsCard
              lessonId={lessonId}
              settings={settings}
              questionCount={questions.length}
              canEdit={can.canEdit}
            />
            <QuestionExcelCard
              lessonId={lessonId}
              canAdd={can.canAdd}
              onImported={(count) => result.succeed(t('exams.imported', { count }))}
            />
            {can.canUnlock && <LockedLearnersCard lessonId={lessonId} result={result} />}
          </Stack>
        </Grid.Col>
      </Grid>
      <QuestionEditor
        lessonId={lessonId}
        question={editing}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          result.succeed(message);
        }}
      />
      <ConfirmDeleteDialog
        {...deletion.dialog}
        subject={deletion.target?.content}
        message={
          deleteBreaksRequired(settings.requiredCorrectAnswers, questions.length)
            ? EXAM_MESSAGES.deleteBelowRequired
            : undefined
        }
      />
      <ResultDialog state={result} />
    </>
  );
}

export default ExamAuthoringPage;
