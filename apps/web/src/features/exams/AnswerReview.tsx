import type { QuestionOutcome, TCheckAnswers } from '@academy/contract';
import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Outcome = TCheckAnswers['outcomes'][number];

function OutcomeIcon({ outcome }: { outcome: QuestionOutcome }) {
  return (
    <ThemeIcon
      size={22}
      radius="xl"
      color={outcome === 'RIGHT' ? 'green.7' : outcome === 'WRONG' ? 'red' : 'gray.6'}
      aria-hidden
    >
      {outcome === 'RIGHT' ? (
        <IconCheck size={14} />
      ) : outcome === 'WRONG' ? (
        <IconX size={14} />
      ) : (
        <IconMinus size={14} />
      )}
    </ThemeIcon>
  );
}

/** The learner's own answer in words: the options they chose, or what they typed in each blank. */
function givenText(o: Outcome, none: string): string {
  if (o.type === 'FILL_BLANKS') {
    const typed = o.given.blanks.map((b) => b.trim());
    return typed.some((b) => b !== '') ? typed.map((b) => b || '—').join(' · ') : none;
  }
  const texts = o.given.optionIds.flatMap((id) => o.options.filter((x) => x.id === id).map((x) => x.text));
  return texts.length ? texts.join(', ') : none;
}

/** The correct answer in words: the correct options, or each blank's accepted answers. */
function correctText(o: Outcome): string | null {
  if (!o.correct) return null;
  if (o.type === 'FILL_BLANKS') return o.correct.blanks.map((accepted) => accepted.join(' / ')).join(' · ');
  return o.correct.optionIds
    .flatMap((id) => o.options.filter((x) => x.id === id).map((x) => x.text))
    .join(', ');
}

/**
 * The review of a finished attempt: each question's outcome and the learner's own answer, and the
 * correct answer where the exam's author allows it (the API sends it only then, decision 89).
 */
export function AnswerReview({ check }: { check: TCheckAnswers }) {
  const { t } = useTranslation();
  const none = t('exams.notAnswered');
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} data-testid="exam-outcomes">
      <Group justify="space-between" gap="xs" mb="sm">
        <Title order={3} fz={18} c="var(--academy-ink)">
          {t('exams.yourAnswers')}
        </Title>
        <Text
          fz="xs"
          c={check.correctAnswersShown ? 'var(--academy-success-text)' : 'dimmed'}
          data-testid="review-policy"
        >
          {check.correctAnswersShown
            ? t('exams.correctShown')
            : t(`exams.reviewHidden.${check.answerReview}`)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: check.correctAnswersShown ? 1 : 2 }} spacing="sm">
        {check.outcomes.map((o) => {
          const correct = correctText(o);
          return (
            <Group key={o.questionId} gap="xs" wrap="nowrap" align="flex-start" data-testid="review-item">
              <OutcomeIcon outcome={o.outcome} />
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fz="sm" fw={600}>
                  {t('exams.questionN', { n: o.number })} — {t(`exams.outcome.${o.outcome}`)}
                </Text>
                <Text fz="sm" c="dimmed" lineClamp={correct === null ? 2 : undefined}>
                  {o.content}
                </Text>
                {correct !== null && (
                  <>
                    <Text fz="sm">
                      <Text span fw={600}>
                        {t('exams.yourAnswer')}:
                      </Text>{' '}
                      {givenText(o, none)}
                    </Text>
                    <Text fz="sm" c="var(--academy-success-text)" data-testid="correct-answer">
                      <Text span fw={600}>
                        {t('exams.correctAnswer')}:
                      </Text>{' '}
                      {correct}
                    </Text>
                  </>
                )}
              </Stack>
            </Group>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
