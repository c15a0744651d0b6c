import type { TCoursePage, TMyThematic } from '@academy/contract';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Card,
  Container,
  Grid,
  Group,
  Image,
  List,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBook,
  IconCheck,
  IconChevronRight,
  IconClock,
  IconLock,
  IconLogin,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { drawnSignedIn, useAuth } from '../../app/auth/AuthProvider';
import { Loading } from '../../components/Loading';
import { PercentRing } from '../../components/PercentRing';
import { useCoursePage, useCoursePercent, useMyThematics } from './api';
import { topicPath } from './paths';

/**
 * /training-academy/course/{id}: the course page. Visitors see the course and its outline with a
 * call to sign in; learners see their percent and each topic's progress and lock state.
 */
export function CoursePage() {
  const { t } = useTranslation();
  const courseId = Number(useParams().id);
  const auth = useAuth();
  // A stored session draws the learner's page from the first render (their progress card, not the
  // taller call to sign in that it would replace when users/info answers: layout shift, issue 21).
  const signedIn = drawnSignedIn(auth);
  const page = useCoursePage(courseId);
  // The learner's topics and percent are asked at once with the course, not after it (issue 21):
  // three requests in parallel instead of a chain of two.
  const thematics = useMyThematics(courseId, signedIn);
  const percent = useCoursePercent(courseId, signedIn);

  if (page.isPending) return <Loading py={80} />;
  if (page.error)
    return (
      <Container size="md" py="xl">
        <Alert color="red" data-testid="course-error">
          {page.error.message}
        </Alert>
      </Container>
    );
  const course = page.data;
  const stateOf = new Map((thematics.data ?? []).map((topic) => [topic.id, topic]));
  const next =
    thematics.data?.find((topic) => topic.open && topic.percent < 100) ?? thematics.data?.find((x) => x.open);

  return (
    <Box>
      <Box bg="brand.9" c="white" py={{ base: 'lg', md: 40 }}>
        <Container size="xl">
          <Breadcrumbs separatorMargin={6} mb="md" styles={{ separator: { color: '#D3D3D3' } }}>
            <Anchor component={Link} to={signedIn ? '/training-academy' : '/'} c="gray.3" fz="sm">
              {signedIn ? t('academy.myCourses') : t('nav.academy')}
            </Anchor>
            <Text fz="sm" c="white" lineClamp={1}>
              {course.name}
            </Text>
          </Breadcrumbs>
          <Grid gutter="xl" align="center">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Badge color="accent.6" variant="filled" mb="sm">
                {course.serviceName}
              </Badge>
              <Title order={1} fz={{ base: 26, md: 38 }} data-testid="course-title">
                {course.name}
              </Title>
              <Group gap="lg" mt="md" c="gray.3" fz="sm">
                <Group gap={6}>
                  <IconBook size={16} aria-hidden />
                  {t('academy.topicCount', { count: course.topicCount })} ·{' '}
                  {t('academy.lessonCount', { count: course.lessonCount })}
                </Group>
                <Group gap={6}>
                  <IconClock size={16} aria-hidden />
                  {t('academy.studyMinutes', { count: course.totalStudyMinutes })}
                </Group>
                <Text fz="sm">
                  {course.ordered ? t('academy.orderedCourse') : t('academy.unorderedCourse')}
                </Text>
              </Group>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              {course.image && (
                <Image src={course.image} alt="" radius="md" h={180} fit="cover" visibleFrom="md" />
              )}
            </Grid.Col>
          </Grid>
        </Container>
      </Box>
      <Container size="xl" py="xl">
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Title order={2} c="var(--academy-ink)" mb="md" fz={{ base: 20, md: 24 }}>
              {t('academy.courseContent')}
            </Title>
            {course.topics.length === 0 && <Text c="dimmed">{t('academy.noTopicsYet')}</Text>}
            <Stack gap="sm" data-testid="course-topics">
              {course.topics.map((topic, index) => (
                <TopicCard
                  key={topic.id}
                  courseId={course.id}
                  index={index}
                  topic={topic}
                  state={signedIn ? stateOf.get(topic.id) : undefined}
                  signedIn={signedIn}
                />
              ))}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <Stack gap="md">
              {signedIn ? (
                <Paper withBorder radius="lg" p="lg" data-testid="course-progress">
                  <Group wrap="nowrap">
                    <PercentRing
                      size={96}
                      thickness={9}
                      percent={percent.data?.percent ?? 0}
                      color="var(--mantine-color-accent-6)"
                      label={
                        <Text ta="center" fw={700} c="var(--academy-ink)">
                          {percent.data?.percent ?? 0}%
                        </Text>
                      }
                    />
                    <Stack gap={4}>
                      <Text fw={700} c="var(--academy-ink)">
                        {t('academy.yourProgress')}
                      </Text>
                      <Text fz="sm" c="dimmed">
                        {t('academy.lessonsPassed', {
                          passed: percent.data?.passedLessons ?? 0,
                          total: percent.data?.totalLessons ?? course.lessonCount,
                        })}
                      </Text>
                    </Stack>
                  </Group>
                  {next && (
                    <Button
                      component={Link}
                      to={topicPath(course.id, next.id, next.nextLessonId)}
                      fullWidth
                      mt="md"
                      color="accent.6"
                      leftSection={<IconPlayerPlay size={16} />}
                      data-testid="continue-course"
                    >
                      {(percent.data?.passedLessons ?? 0) > 0 ? t('academy.continue') : t('academy.start')}
                    </Button>
                  )}
                </Paper>
              ) : (
                <SignInCall onSignIn={() => void auth.signIn()} />
              )}
              <Requirements course={course} />
            </Stack>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

function SignInCall({ onSignIn }: { onSignIn: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p="lg" bg="var(--academy-tint)" data-testid="sign-in-call">
      <Text fw={700} c="var(--academy-ink)" fz="lg">
        {t('academy.signInTitle')}
      </Text>
      <Text fz="sm" mt={4} mb="md">
        {t('academy.signInText')}
      </Text>
      <Button fullWidth color="accent.6" leftSection={<IconLogin size={16} />} onClick={onSignIn}>
        {t('academy.signInToStudy')}
      </Button>
    </Paper>
  );
}

function Requirements({ course }: { course: TCoursePage }) {
  const { t } = useTranslation();
  if (!course.requirements && !course.mustCompleteBeforeNext) return null;
  return (
    <Paper withBorder radius="lg" p="lg">
      <Text fw={700} c="var(--academy-ink)" mb="xs">
        {t('academy.requirements')}
      </Text>
      {course.requirements && (
        <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
          {course.requirements}
        </Text>
      )}
      {course.mustCompleteBeforeNext && (
        <Text fz="sm" mt="xs" c="dimmed">
          {t('academy.mustCompleteBeforeNext')}
        </Text>
      )}
    </Paper>
  );
}

function TopicCard({
  courseId,
  index,
  topic,
  state,
  signedIn,
}: {
  courseId: number;
  index: number;
  topic: TCoursePage['topics'][number];
  state: TMyThematic | undefined;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const locked = signedIn && state !== undefined && !state.open;
  const done = state !== undefined && state.lessonCount > 0 && state.percent === 100;
  const clickable = signedIn && state?.open === true;
  const header = (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <ThemeIcon
          size={36}
          radius="xl"
          color={locked ? 'gray.4' : done ? 'green.7' : 'brand.9'}
          variant={locked ? 'filled' : 'light'}
          aria-hidden
        >
          {locked ? (
            <IconLock size={18} />
          ) : done ? (
            <IconCheck size={18} />
          ) : (
            <Text fw={700}>{index + 1}</Text>
          )}
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Text fw={700} c={locked ? 'dimmed' : 'brand.9'} lineClamp={2}>
            {topic.name}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('academy.lessonCount', { count: topic.lessons.length })}
            {locked ? ` · ${t('academy.topicLocked')}` : ''}
          </Text>
        </div>
      </Group>
      {clickable && <IconChevronRight size={20} color="#251A5B" aria-hidden style={{ flexShrink: 0 }} />}
    </Group>
  );
  const content = (
    <>
      {header}
      {state && state.lessonCount > 0 && (
        <Group gap="xs" mt="sm" wrap="nowrap">
          <Progress
            value={state.percent}
            color="accent.6"
            style={{ flex: 1 }}
            aria-label={t('academy.progress')}
          />
          <Text fz="xs" fw={700}>
            {state.percent}%
          </Text>
        </Group>
      )}
      {!signedIn && topic.lessons.length > 0 && (
        <List size="sm" mt="sm" spacing={4} c="dimmed" icon={<IconPlayerPlay size={14} color="#251A5B" />}>
          {topic.lessons.map((lesson) => (
            <List.Item key={lesson.id}>
              {lesson.name}
              {lesson.minStudyMinutes > 0 &&
                ` · ${t('academy.studyMinutes', { count: lesson.minStudyMinutes })}`}
            </List.Item>
          ))}
        </List>
      )}
    </>
  );
  const common = {
    withBorder: true,
    radius: 'md',
    padding: 'md',
    'data-testid': 'course-topic',
    'data-locked': locked ? 'true' : 'false',
    // Locked topics are greyed by their background, not by opacity, so their text keeps its contrast.
    style: { background: locked ? 'var(--mantine-color-gray-0)' : undefined },
  } as const;
  return clickable ? (
    <Card component={Link} to={topicPath(courseId, topic.id, state?.nextLessonId)} {...common}>
      {content}
    </Card>
  ) : (
    <Card {...common}>{content}</Card>
  );
}

export default CoursePage;
