import type { TQaQuestionSummary } from '@academy/contract';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { IconBook2, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Mantine's green 9 reads 4.4:1 with white text; this one 6:1. */
export const SOLVED_GREEN = '#237032';

/** The lesson page (or the course page) a question is about. */
export function lessonPath(courseId: number, lesson: TQaQuestionSummary['lesson']): string {
  return lesson
    ? `/training-academy/course/${courseId}/topic/${lesson.topicId}?lesson=${lesson.id}`
    : `/training-academy/course/${courseId}`;
}

/** Solved flag, type, related topic and the course › lesson a question is about. */
export function QuestionTags({
  question,
  linkLesson,
}: {
  question: TQaQuestionSummary;
  linkLesson?: boolean;
}) {
  const { t } = useTranslation();
  const place = question.course
    ? question.lesson
      ? `${question.course.name} › ${question.lesson.name}`
      : question.course.name
    : null;
  return (
    <Group gap={6}>
      {question.solved && (
        <Badge
          color={SOLVED_GREEN}
          variant="filled"
          leftSection={<IconCircleCheck size={12} />}
          data-testid="solved-badge"
        >
          {t('qa.solved')}
        </Badge>
      )}
      <Badge color="brand" variant="light">
        {t(`qa.types.${question.type}`)}
      </Badge>
      {question.relatedTopic && (
        <Badge color="accent.6" variant="light">
          {t(`qa.topics.${question.relatedTopic}`)}
        </Badge>
      )}
      {place && question.course && !linkLesson && (
        <Badge color="gray" variant="outline" tt="none" maw="100%">
          {place}
        </Badge>
      )}
    </Group>
  );
}

/** On the question page: the course › lesson it is about, as a link to that lesson (wraps on phones). */
export function QuestionPlace({ question }: { question: TQaQuestionSummary }) {
  const { t } = useTranslation();
  if (!question.course) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="question-place">
      <IconBook2 size={18} color="#251A5B" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text fz="sm">
        {t('qa.about')}{' '}
        <Anchor component={Link} to={lessonPath(question.course.id, question.lesson)} fz="sm" fw={600}>
          {question.lesson ? `${question.course.name} › ${question.lesson.name}` : question.course.name}
        </Anchor>
      </Text>
    </Group>
  );
}
