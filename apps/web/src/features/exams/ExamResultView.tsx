import { EXAM_MESSAGES, type TCheckAnswers, type TExamResult } from '@academy/contract';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  RingProgress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconLock, IconMinus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface ExamResultViewProps {
  result: TExamResult;
  check: TCheckAnswers | null;
  /** The attempt was closed because its time ran out. */
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
  const colour = passed ? '#2f9e44' : '#FF0000';
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
      {timeUp && (
        <Alert color="orange" icon={<IconAlertTriangle size={20} />} data-testid="time-up">
          {EXAM_MESSAGES.timeUp}
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Group gap="xl" align="center" wrap="wrap">
          <RingProgress
            size={140}
            thickness={12}
            roundCaps={(result.mark ?? 0) > 0}
            sections={[{ value: result.mark ?? 0, color: passed ? 'green.7' : 'red' }]}
            label={
              <Text ta="center" fw={800} fz={28} c={colour} data-testid="exam-mark">
                {result.mark ?? 0}%
              </Text>
            }
          />
          <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
            <Title order={2} c={colour} data-testid="exam-outcome">
              {passed ? t('exams.passed') : t('exams.failed')}
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

      {check && check.outcomes.length > 0 && (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="exam-outcomes">
          <Title order={4} c="brand.9" mb="sm">
            {t('exams.yourAnswers')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {check.outcomes.map((o) => (
              <Group key={o.questionId} gap="xs" wrap="nowrap" align="flex-start">
                <ThemeIcon
                  size={22}
                  radius="xl"
                  color={o.outcome === 'RIGHT' ? 'green.7' : o.outcome === 'WRONG' ? 'red' : 'gray.5'}
                  aria-hidden
                >
                  {o.outcome === 'RIGHT' ? (
                    <IconCheck size={14} />
                  ) : o.outcome === 'WRONG' ? (
                    <IconX size={14} />
                  ) : (
                    <IconMinus size={14} />
                  )}
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text fz="sm" fw={600}>
                    {t('exams.questionN', { n: o.number })} — {t(`exams.outcome.${o.outcome}`)}
                  </Text>
                  <Text fz="xs" c="dimmed" lineClamp={2}>
                    {o.content}
                  </Text>
                </div>
              </Group>
            ))}
          </SimpleGrid>
        </Paper>
      )}

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
