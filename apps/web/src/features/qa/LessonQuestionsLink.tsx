import { Button, Group } from '@mantine/core';
import { IconMessageQuestion, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lessonQuestionsQuery } from './api';

/**
 * For the lesson page: a link to the questions about this lesson (with their number) and
 * "Ask about this lesson", which opens the question form with the course and lesson filled in.
 */
export function LessonQuestionsLink({ courseId, lessonId }: { courseId: number; lessonId: number }) {
  const { t } = useTranslation();
  const questions = useQuery(lessonQuestionsQuery(courseId, lessonId));
  const count = questions.data?.total;
  return (
    <Group gap="xs" data-testid="lesson-questions">
      <Button
        component={Link}
        to={`/training-academy/qa?courseId=${courseId}&lessonId=${lessonId}`}
        variant="light"
        color="brand"
        size="xs"
        leftSection={<IconMessageQuestion size={16} />}
      >
        {count === undefined ? t('qa.lessonQuestions') : t('qa.lessonQuestionsCount', { count })}
      </Button>
      <Button
        component={Link}
        to={`/training-academy/qa/new?courseId=${courseId}&lessonId=${lessonId}`}
        variant="outline"
        color="accent.6"
        size="xs"
        leftSection={<IconPlus size={16} />}
      >
        {t('qa.askAboutLesson')}
      </Button>
    </Group>
  );
}
