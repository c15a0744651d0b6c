import type { TQaQuestionSummary } from '@academy/contract';
import { Card, Group, Stack, Text } from '@mantine/core';
import { IconArrowBigUp, IconArrowBigUpFilled, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Byline } from './Byline';
import { QuestionTags, SOLVED_GREEN } from './QuestionTags';

/** A question in the list: its counts, title, start of the description, tags and asker. */
export function QuestionCard({ question }: { question: TQaQuestionSummary }) {
  const { t } = useTranslation();
  const answered = question.replyCount > 0;
  return (
    <Card withBorder radius="md" padding="md" data-testid="question-card">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={6} align="center" w={56} style={{ flexShrink: 0 }}>
          <Stack gap={0} align="center" aria-label={t('qa.upvoteCount', { count: question.upvotes })}>
            {question.upvotedByMe ? (
              <IconArrowBigUpFilled size={20} color="#FF5000" aria-hidden />
            ) : (
              <IconArrowBigUp size={20} color="#868e96" aria-hidden />
            )}
            <Text fw={700} fz="sm" c="var(--academy-ink)">
              {question.upvotes}
            </Text>
          </Stack>
          <Stack
            gap={0}
            align="center"
            px={6}
            py={2}
            style={{
              borderRadius: 6,
              border: `1px solid ${question.solved ? SOLVED_GREEN : answered ? '#ced4da' : 'transparent'}`,
              background: question.solved ? SOLVED_GREEN : undefined,
            }}
            aria-label={t('qa.replyCount', { count: question.replyCount })}
          >
            <IconMessageCircle size={16} color={question.solved ? 'white' : '#868e96'} aria-hidden />
            <Text fz="xs" fw={600} c={question.solved ? 'white' : 'dimmed'}>
              {question.replyCount}
            </Text>
          </Stack>
        </Stack>
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Text
            component={Link}
            to={`/training-academy/qa/${question.id}`}
            fw={700}
            c="var(--academy-ink)"
            fz="md"
            style={{ overflowWrap: 'anywhere' }}
          >
            {question.title}
          </Text>
          <Text fz="sm" c="var(--mantine-color-text)" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {question.excerpt}
          </Text>
          <QuestionTags question={question} />
          <Byline person={question.author} at={question.createdAt} editedAt={question.editedAt} />
        </Stack>
      </Group>
    </Card>
  );
}
