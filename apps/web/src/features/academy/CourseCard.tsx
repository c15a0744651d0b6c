import type { TCourse } from '@academy/contract';
import { Badge, Card, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A course tile: image, service, name, outline size, and (for learners) their progress. */
export function CourseCard({
  course,
  percent,
  footer,
}: {
  course: TCourse;
  percent?: number;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card
      component={Link}
      to={`/training-academy/course/${course.id}`}
      withBorder
      radius="lg"
      padding="md"
      shadow="xs"
      data-testid="course-card"
    >
      <Card.Section>
        {course.image ? (
          <Image src={course.image} alt="" h={150} fit="cover" />
        ) : (
          <Stack h={150} align="center" justify="center" bg="var(--academy-tint)">
            <IconBook size={48} color="#251A5B" aria-hidden />
          </Stack>
        )}
      </Card.Section>
      <Stack gap={6} mt="md">
        <Badge variant="light" color="accent.6" size="sm">
          {course.serviceName}
        </Badge>
        <Text fw={700} c="var(--academy-ink)" lineClamp={2}>
          {course.name}
        </Text>
        <Text fz="xs" c="dimmed">
          {t('academy.topicCount', { count: course.topicCount })} ·{' '}
          {t('academy.lessonCount', { count: course.lessonCount })}
        </Text>
        {percent !== undefined && (
          <Group gap="xs" wrap="nowrap">
            <Progress
              value={percent}
              color="accent.6"
              style={{ flex: 1 }}
              aria-label={t('academy.progress')}
            />
            <Text fz="xs" fw={700}>
              {percent}%
            </Text>
          </Group>
        )}
        {footer}
      </Stack>
    </Card>
  );
}
