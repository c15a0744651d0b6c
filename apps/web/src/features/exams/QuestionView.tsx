import type { TAnswerParsed, TLearnerQuestion } from '@academy/contract';
import { Badge, Box, Checkbox, Group, Paper, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface QuestionViewProps {
  question: TLearnerQuestion;
  total: number;
  answer: TAnswerParsed | undefined;
  onAnswer: (answer: TAnswerParsed) => void;
  /** Copy or right-click on the question: blocked, and reported. */
  onBlocked: (kind: 'COPY' | 'CONTEXT_MENU') => void;
}

/** One question of the running exam, with the learner's answer. */
export function QuestionView({ question, total, answer, onAnswer, onBlocked }: QuestionViewProps) {
  const { t } = useTranslation();
  const chosen = answer?.optionIds ?? [];
  const typed = answer?.blanks ?? [];
  const setBlank = (index: number, value: string) => {
    const blanks = Array.from({ length: question.blankCount }, (_, i) =>
      i === index ? value : (typed[i] ?? ''),
    );
    onAnswer({ questionId: question.id, optionIds: [], blanks });
  };

  let body: ReactNode;
  if (question.type === 'SINGLE_CHOICE') {
    body = (
      <Radio.Group
        value={chosen[0] ?? null}
        onChange={(id) => onAnswer({ questionId: question.id, optionIds: [id], blanks: [] })}
        aria-label={t('exams.questionN', { n: question.number })}
      >
        <Stack gap="xs">
          {question.options.map((option) => (
            <Paper key={option.id} withBorder radius="md" p="sm">
              <Radio value={option.id} label={option.text} styles={{ label: { cursor: 'pointer' } }} />
            </Paper>
          ))}
        </Stack>
      </Radio.Group>
    );
  } else if (question.type === 'MULTIPLE_CHOICE') {
    body = (
      <Checkbox.Group
        value={chosen}
        onChange={(ids) => onAnswer({ questionId: question.id, optionIds: ids, blanks: [] })}
        label={
          <Text fz="xs" c="dimmed">
            {t('exams.chooseAll')}
          </Text>
        }
      >
        <Stack gap="xs" mt={4}>
          {question.options.map((option) => (
            <Paper key={option.id} withBorder radius="md" p="sm">
              <Checkbox value={option.id} label={option.text} styles={{ label: { cursor: 'pointer' } }} />
            </Paper>
          ))}
        </Stack>
      </Checkbox.Group>
    );
  } else {
    const bank = question.options.map((o) => o.text);
    body = (
      <Box fz="lg" lh={2.4} data-testid="blank-text">
        {question.parts.map((part, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the text around the blanks is positional
          <span key={index}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{part}</span>
            {index < question.blankCount &&
              (bank.length > 0 ? (
                <Select
                  data={bank}
                  value={typed[index] || null}
                  onChange={(value) => setBlank(index, value ?? '')}
                  placeholder={t('exams.blankN', { n: index + 1 })}
                  aria-label={t('exams.blankN', { n: index + 1 })}
                  w={170}
                  style={{ display: 'inline-block', verticalAlign: 'middle' }}
                  comboboxProps={{ withinPortal: true }}
                />
              ) : (
                <TextInput
                  value={typed[index] ?? ''}
                  onChange={(e) => setBlank(index, e.currentTarget.value)}
                  placeholder={t('exams.blankN', { n: index + 1 })}
                  aria-label={t('exams.blankN', { n: index + 1 })}
                  w={170}
                  style={{ display: 'inline-block', verticalAlign: 'middle' }}
                  autoComplete="off"
                  spellCheck={false}
                />
              ))}
          </span>
        ))}
      </Box>
    );
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} data-testid="exam-question">
      <Group justify="space-between" mb="sm" gap="xs">
        <Badge color="brand.9" size="lg" radius="sm">
          {t('exams.questionOf', { n: question.number, total })}
        </Badge>
        {question.displaySeconds !== null && question.displaySeconds > 0 && (
          <Group gap={4} c="dimmed">
            <IconClock size={14} aria-hidden />
            <Text fz="xs">{t('exams.suggestedTime', { count: question.displaySeconds })}</Text>
          </Group>
        )}
      </Group>
      {/* The question text cannot be copied or right-clicked (attempts are counted on the attempt). */}
      <Box
        onCopy={(e) => {
          e.preventDefault();
          onBlocked('COPY');
        }}
        onCut={(e) => {
          e.preventDefault();
          onBlocked('COPY');
        }}
        onContextMenu={(e) => {
          e.preventDefault();
          onBlocked('CONTEXT_MENU');
        }}
        style={{ userSelect: 'none', WebkitUserSelect: 'none' }}
        data-testid="question-protected"
      >
        {question.taskDescription && (
          <Text c="dimmed" fz="sm" mb="xs">
            {question.taskDescription}
          </Text>
        )}
        {question.type !== 'FILL_BLANKS' && (
          <Text
            fw={700}
            fz="lg"
            c="var(--academy-ink)"
            mb="md"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {question.content}
          </Text>
        )}
        {body}
        {question.taskGuide && (
          <Text fz="xs" c="dimmed" mt="md">
            {t('exams.taskGuide')}: {question.taskGuide}
          </Text>
        )}
      </Box>
    </Paper>
  );
}
