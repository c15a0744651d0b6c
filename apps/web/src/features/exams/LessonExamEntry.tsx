import { attemptStatusWord, EXAM_MESSAGES, percentText } from '@academy/contract';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconLock, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STATUS_COLOR, statusLabelKey } from '../../components/status';
import { useExamState } from './api';
import { examPlayerPath } from './paths';

/**
 * The exam block of a learner's lesson page (shown in the study feature's ExamEntrySlot): the
 * exam's state from the server — attempts left, last result, lock, the warning before the last
 * attempt — and the way into the exam player.
 */
export function LessonExamEntry({ lessonId }: { lessonId: number }) {
  const { t } = useTranslation();
  const state = useExamState(lessonId);
  if (state.error)
    return (
      <Text fz="sm" c="var(--academy-danger-text)">
        {state.error.message}
      </Text>
    );
  const exam = state.data;
  if (!exam) return null;
  if (exam.questionCount === 0)
    return (
      <Text fz="sm" c="dimmed">
        {EXAM_MESSAGES.noQuestions}
      </Text>
    );
  const last = exam.attempts.find((a) => a.status !== 'IN_PROGRESS');
  const path = examPlayerPath(exam.courseId, exam.topicId, exam.examId);

  return (
    <Stack gap="xs" data-testid="exam-entry">
      <Group gap="xs">
        <Text fz="sm">{t('exams.questionCount', { count: exam.questionCount })}</Text>
        {exam.attemptsLeft !== null && !exam.passed && (
          <Badge variant="light" color={exam.attemptsLeft <= 1 ? 'red' : 'brand.9'}>
            {t('exams.attemptsLeft', { count: exam.attemptsLeft })}
          </Badge>
        )}
        {last && (
          <Badge variant="light" color={STATUS_COLOR[attemptStatusWord(last)]} data-testid="last-mark">
            {t('exams.lastMark', {
              status: t(statusLabelKey(attemptStatusWord(last))),
              mark: percentText(last.mark ?? 0),
            })}
          </Badge>
        )}
      </Group>
      {exam.passed ? (
        <Text fz="sm" c="var(--academy-success-text)" fw={600} data-testid="exam-passed">
          {t('exams.passedNote')}
        </Text>
      ) : exam.locked ? (
        <Alert color="red" icon={<IconLock size={18} />} data-testid="exam-locked">
          {EXAM_MESSAGES.locked}. {t('exams.lockedHint')}
        </Alert>
      ) : (
        <>
          {exam.lastAttemptWarning && !exam.openAttempt && (
            <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="last-attempt-warning">
              {EXAM_MESSAGES.lastAttemptWarning}
            </Alert>
          )}
          <Button
            component={Link}
            to={path}
            color="accent.6"
            leftSection={<IconPlayerPlay size={16} />}
            style={{ alignSelf: 'flex-start' }}
            data-testid="take-exam"
          >
            {exam.openAttempt ? t('exams.continue') : last ? t('exams.retake') : t('exams.take')}
          </Button>
        </>
      )}
    </Stack>
  );
}
