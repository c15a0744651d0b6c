import { QUESTION_TYPE_LABELS, type TAuthorQuestion } from '@academy/contract';
import { Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QuestionActions } from './QuestionActions';
import type { ExamPermissions } from './use-exam-permissions';

/** One question of the exam as the author sees it: type, content, answers marked correct. */
export function QuestionCard({
  question,
  number,
  count,
  can,
  busy,
  onEdit,
  onDelete,
  onDuplicate,
  onMove,
}: {
  question: TAuthorQuestion;
  number: number;
  count: number;
  can: ExamPermissions;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onDuplicate: () => void;
  onMove: (by: -1 | 1) => void;
}) {
  const { t } = useTranslation();
  const fill = question.type === 'FILL_BLANKS';
  return (
    <Paper withBorder radius="md" p="md" data-testid="question-card">
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs" mb={6}>
        <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
          <Badge color="brand.9" variant="filled" radius="sm">
            {number}
          </Badge>
          <Badge variant="light" color="accent.6" size="sm">
            {QUESTION_TYPE_LABELS[question.type]}
          </Badge>
          {question.displaySeconds !== null && (
            <Text fz="xs" c="dimmed">
              {t('exams.secondsShort', { count: question.displaySeconds })}
            </Text>
          )}
        </Group>
        <QuestionActions
          number={number}
          count={count}
          can={can}
          busy={busy}
          onEdit={onEdit}
          onDelete={onDelete}
          onDuplicate={onDuplicate}
          onMove={onMove}
        />
      </Group>
      {question.taskDescription && (
        <Text fz="sm" c="dimmed">
          {question.taskDescription}
        </Text>
      )}
      <Text fw={600} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {question.content}
      </Text>
      {fill ? (
        <Stack gap={4} mt="xs">
          {question.blanks.map((blank, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blanks are positional
            <Text key={i} fz="sm">
              <Text span c="dimmed" fz="sm">
                {t('exams.blankN', { n: i + 1 })}:{' '}
              </Text>
              <Text span fw={600} c="var(--academy-success-text)" fz="sm">
                {blank.answers.join(' | ')}
              </Text>
            </Text>
          ))}
          {question.options.length > 0 && (
            <Text fz="xs" c="dimmed">
              {t('exams.wordBank')}: {question.options.map((o) => o.text).join(', ')}
            </Text>
          )}
        </Stack>
      ) : (
        <List spacing={2} size="sm" mt="xs" listStyleType="none">
          {question.options.map((option) => (
            <List.Item
              key={option.id}
              icon={
                option.correct ? (
                  <IconCheck size={14} color="#2f9e44" aria-label={t('exams.correct')} />
                ) : (
                  <span style={{ display: 'inline-block', width: 14 }} />
                )
              }
            >
              <Text fz="sm" fw={option.correct ? 600 : 400} c={option.correct ? 'green.8' : undefined}>
                {option.text}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
      {question.taskGuide && (
        <Text fz="xs" c="dimmed" mt={6}>
          {t('exams.taskGuide')}: {question.taskGuide}
        </Text>
      )}
    </Paper>
  );
}
