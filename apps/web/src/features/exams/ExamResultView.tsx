import {
  EXAM_MESSAGES,
  percentText,
  type StatusWord,
  type TCheckAnswers,
  type TExamResult,
} from '@academy/contract';
import { Alert, Badge, Button, Group, Paper, RingProgress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STATUS_COLOR, STATUS_TEXT_COLOR, statusLabelKey } from '../../components/status';
import { AnswerReview } from './AnswerReview';

interface ExamResultViewProps {
  result: TExamResult;
  check: TCheckAnswers | null;
  /** The server refused a late answer: the attempt was closed because its time ran out. */
  timeUp: boolean;
  lessonPath: string;
  nextLessonPath: string | null;
  onRetake: () => void;
}

/** The result screen: mark, right answers, pass or fail, which answers were wrong, attempts left. */
export function ExamResultView({
  result,
  check,
  timeUp,
  lessonPath,
  nextLessonPath,
  onRetake,
}: ExamResultViewProps) {
  const { t } = useTranslation();
  const passed = result.passed;
  // Time up: the countdown reached 0:00 or the server closed the attempt (decision 87).
  const expired = timeUp || result.status === 'EXPIRED';
  // The result in the one status vocabulary (decision 95), coloured by the scheme's roles (96).
  const word: StatusWord = passed ? 'PASSED' : expired ? 'TIME_OUT' : 'FAILED';
  const colour = STATUS_TEXT_COLOR[word];
  return (
    <Stack gap="lg" data-testid="exam-result">
      {result.cheatingWarning && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={20} />}
          title={t('exams.cheatingTitle')}
          data-testid="cheating-warning"
        >
          {result.cheatingWarning}
        </Alert>
      )}
      {expired && (
        <Alert
          color="orange"
          icon={<IconClock size={20} />}
          title={t('exams.timeUpTitle')}
          data-testid="time-up"
        >
          {result.locked ? t('exams.timeUpLocked') : t('exams.timeUpResult')}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Group gap="xl" align="center" wrap="wrap">
          <RingProgress
            size={140}
            thickness={12}
            roundCaps={(result.mark ?? 0) > 0}
            sections={[{ value: result.mark ?? 0, color: STATUS_COLOR[word] }]}
            label={
              <Text ta="center" fw={800} fz={28} c={colour} data-testid="exam-mark">
                {percentText(result.mark ?? 0)}
              </Text>
            }
          />
          <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
            <Title order={2} c={colour} data-testid="exam-outcome" data-status={word}>
              {t(statusLabelKey(word))}
            </Title>
            <Text>
              {t('exams.rightOf', {
                right: result.correctCount ?? 0,
                total: result.questionCount,
              })}{' '}
              <Text span c="dimmed">
                {t('exams.requiredNote', { count: result.requiredCorrectAnswers })}
              </Text>
            </Text>
            <Text fz="sm" c="dimmed">
              {t('exams.attemptNumber', { n: result.number })}
            </Text>
            {!passed && result.locked && (
              <Alert color="red" icon={<IconLock size={18} />} p="xs" data-testid="result-locked">
                {EXAM_MESSAGES.locked}. {t('exams.lockedHint')}
              </Alert>
            )}
            {!passed && !result.locked && result.attemptsLeft !== null && (
              <Badge color={result.attemptsLeft <= 1 ? 'red' : 'brand.9'} variant="light" size="lg">
                {t('exams.attemptsLeft', { count: result.attemptsLeft })}
              </Badge>
            )}
            {passed && !result.lessonPassed && (
              <Text fz="sm" c="dimmed">
                {t('exams.studyStillNeeded')}
              </Text>
            )}
          </Stack>
        </Group>
      </Paper>

      {check && check.outcomes.length > 0 && <AnswerReview check={check} />}

      <Group gap="sm">
        <Button component={Link} to={lessonPath} variant="default" data-testid="back-to-lesson">
          {t('exams.backToLesson')}
        </Button>
        {nextLessonPath && (
          <Button component={Link} to={nextLessonPath} color="accent.6" data-testid="next-lesson">
            {t('exams.nextLesson')}
          </Button>
        )}
        {!passed && !result.locked && (
          <Button color="brand.9" onClick={onRetake} data-testid="retake">
            {t('exams.retake')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
