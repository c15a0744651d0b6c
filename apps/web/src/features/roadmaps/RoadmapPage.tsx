import { ROADMAP_STATE_WORD, type TMyRoadmapCourse } from '@academy/contract';
import {
  Alert,
  Anchor,
  Badge,
  Container,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconFlag, IconLock, IconPlayerPlay, IconRoute } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { StatusBadge } from '../../components/StatusBadge';
import { STATUS_COLOR } from '../../components/status';
import { useMyRoadmap } from './api';

/** /training-academy/roadmap: the roadmap of my branch and authorization as a path of milestones. */
export function RoadmapPage() {
  const { t } = useTranslation();
  const roadmap = useMyRoadmap();
  const data = roadmap.data;

  return (
    <Container size="lg" py="xl">
      <Title order={1} c="var(--academy-ink)" mb="xs" fz={{ base: 26, md: 32 }}>
        {t('roadmap.title')}
      </Title>
      {roadmap.isPending && <Loading />}
      {roadmap.error && <Alert color="red">{roadmap.error.message}</Alert>}
      {data === null && (
        <Alert color="gray" icon={<IconRoute size={18} />} data-testid="roadmap-empty">
          {t('roadmap.none')}
        </Alert>
      )}
      {data && (
        <>
          <Text c="dimmed" mb="md">
            {data.branchName} · {data.authorizationName}
          </Text>
          {data.description && <Text mb="md">{data.description}</Text>}
          <Paper withBorder radius="md" p="md" mb="xl" data-testid="roadmap-overall">
            <Group justify="space-between" mb={6}>
              <Text fw={600}>{t('roadmap.overall')}</Text>
              <Text fw={700} c="var(--academy-ink)">
                {t('roadmap.finishedOf', { done: data.finishedCount, total: data.courseCount })} ·{' '}
                {data.percent}%
              </Text>
            </Group>
            <Progress value={data.percent} color="accent.6" aria-label={t('roadmap.overall')} />
          </Paper>
          <Timeline bulletSize={32} lineWidth={3} color="accent.6" active={activeMilestone(data.milestones)}>
            {data.milestones.map((milestone) => {
              const done = milestone.courses.every((c) => c.state === 'FINISHED');
              return (
                <Timeline.Item
                  key={milestone.id}
                  bullet={done ? <IconCircleCheck size={18} /> : <IconFlag size={16} />}
                  title={
                    <Title order={2} fz={20} c="var(--academy-ink)">
                      {milestone.name}
                    </Title>
                  }
                  data-testid="roadmap-milestone"
                >
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm" mb="lg">
                    {milestone.courses.map((course) => (
                      <RoadmapCourse key={course.courseId} course={course} />
                    ))}
                  </SimpleGrid>
                </Timeline.Item>
              );
            })}
          </Timeline>
        </>
      )}
    </Container>
  );
}

/** The milestones reached: every one before the first with an unfinished course. */
function activeMilestone(milestones: { courses: TMyRoadmapCourse[] }[]): number {
  const index = milestones.findIndex((m) => m.courses.some((c) => c.state !== 'FINISHED'));
  return index === -1 ? milestones.length - 1 : index;
}

function RoadmapCourse({ course }: { course: TMyRoadmapCourse }) {
  const { t } = useTranslation();
  const icon = course.locked ? (
    <IconLock size={16} />
  ) : course.state === 'FINISHED' ? (
    <IconCircleCheck size={16} />
  ) : (
    <IconPlayerPlay size={16} />
  );
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg={course.locked ? 'var(--academy-subtle)' : 'var(--academy-surface)'}
      data-testid="roadmap-course"
      data-state={course.state}
      data-locked={course.locked}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon
          radius="xl"
          variant="light"
          color={course.locked ? 'gray' : STATUS_COLOR[ROADMAP_STATE_WORD[course.state]]}
          aria-hidden
        >
          {icon}
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          {course.locked ? (
            <Text fw={600} c="dimmed">
              {course.name}
            </Text>
          ) : (
            <Anchor
              component={Link}
              to={`/training-academy/course/${course.courseId}`}
              fw={600}
              c="var(--academy-ink)"
            >
              {course.name}
            </Anchor>
          )}
          <Group gap={6}>
            <StatusBadge status={ROADMAP_STATE_WORD[course.state]} testId="roadmap-course-status" />
            {course.locked && (
              <Badge size="sm" variant="outline" color="gray" leftSection={<IconLock size={10} />}>
                {t('roadmap.locked')}
              </Badge>
            )}
            {course.mustCompleteBeforeNext && (
              <Badge size="sm" variant="light" color="orange">
                {t('roadmap.mustComplete')}
              </Badge>
            )}
          </Group>
          {course.lockedMessage && (
            <Text fz="xs" c="dimmed">
              {course.lockedMessage}
            </Text>
          )}
          <Group gap="xs" wrap="nowrap">
            <Progress
              value={course.percent}
              color={course.state === 'FINISHED' ? 'green' : 'accent.6'}
              style={{ flex: 1 }}
              aria-label={course.name}
            />
            <Text fz="xs" c="dimmed" w={70} ta="right">
              {course.passedLessons}/{course.lessonCount} · {course.percent}%
            </Text>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

export default RoadmapPage;
