import { LESSON_STATUS_WORD, type TMyLesson } from '@academy/contract';
import {
  Alert,
  Anchor,
  Box,
  Breadcrumbs,
  Center,
  Container,
  Grid,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCheck, IconLock, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { StatusBadge } from '../../components/StatusBadge';
import { validId } from '../../lib/queries';
import { clock } from '../study';
import { useCoursePage, useLessonContent, useMyLessons, useMyThematics } from './api';
import { LessonStudy } from './LessonStudy';
import { topicPath } from './paths';
import classes from './TopicPage.module.css';

/** The lesson to show first: the first unlocked one not passed yet, else the first. */
function defaultLesson(lessons: TMyLesson[]): TMyLesson | undefined {
  return lessons.find((l) => !l.locked && !l.passed) ?? lessons[0];
}

/**
 * /training-academy/course/{id}/topic/{idThematic}: the topic's lessons with their lock state and
 * the chosen lesson (`?lesson=`): its video, study time, documents and exam.
 */
export function TopicPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const courseId = Number(params.id);
  const topicId = Number(params.idThematic);
  const [search, setSearch] = useSearchParams();
  const course = useCoursePage(courseId);
  const thematics = useMyThematics(courseId, true);
  const lessons = useMyLessons(topicId);
  const topic = thematics.data?.find((x) => x.id === topicId);
  const list = lessons.data ?? [];
  const asked = Number(search.get('lesson'));
  // The lesson in the address opens at once, beside the list (its data started with the route);
  // once the list is here, a lesson that is not in it gives way to the topic's default.
  const selected = lessons.data ? (list.find((l) => l.id === asked) ?? defaultLesson(list)) : undefined;
  const lessonId = lessons.data ? selected?.id : validId(asked) ? asked : undefined;
  const index = selected ? list.findIndex((l) => l.id === selected.id) : -1;
  const nextInTopic = index >= 0 ? list[index + 1] : undefined;
  const nextTopic =
    topic && thematics.data ? thematics.data.find((x) => x.position > topic.position) : undefined;
  // The lesson often answers first: its course and topic names hold their places meanwhile, and
  // the topic switcher keeps its room until the topics say there is only one (no shift on phones).
  const early = useLessonContent(lessonId ?? 0).content.data;
  const topicName = topic?.name ?? early?.topicName;
  const topicCount = thematics.data?.length ?? course.data?.topicCount;
  const pendingRows =
    course.data?.topics.find((x) => x.id === topicId)?.lessons.length ?? topic?.lessonCount ?? 1;

  useEffect(() => {
    if (selected && selected.id !== asked) setSearch({ lesson: String(selected.id) }, { replace: true });
  }, [selected, asked, setSearch]);

  if (lessons.error)
    return (
      <Container size="md" py="xl">
        <Alert color="red">{lessons.error.message}</Alert>
      </Container>
    );

  return (
    <Container size="xl" py="lg">
      {/* One line, long names cut short: wrapping when the names came moved the page on phones. */}
      <Breadcrumbs separatorMargin={6} mb="sm" styles={{ root: { flexWrap: 'nowrap', minWidth: 0 } }}>
        <Anchor
          component={Link}
          to="/training-academy"
          fz="sm"
          c="var(--academy-ink)"
          style={{ flexShrink: 0 }}
        >
          {t('academy.myCourses')}
        </Anchor>
        <Anchor
          component={Link}
          to={`/training-academy/course/${courseId}`}
          fz="sm"
          c="var(--academy-ink)"
          lineClamp={1}
          miw={0}
        >
          {course.data?.name ?? early?.courseName ?? '…'}
        </Anchor>
        <Text fz="sm" c="dimmed" lineClamp={1} miw={0}>
          {topicName ?? '…'}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        {/* One line's room while the topic's name is on its way (the lesson may come first). */}
        <Title
          order={1}
          c="var(--academy-ink)"
          fz={{ base: 22, md: 30 }}
          mih={{ base: 29, md: 39 }}
          data-testid="topic-title"
        >
          {topicName ?? ''}
        </Title>
        {(topicCount === undefined || topicCount > 1) && (
          <NativeSelect
            aria-label={t('academy.otherTopics')}
            disabled={!thematics.data}
            data={
              thematics.data?.map((x) => ({ value: String(x.id), label: x.name, disabled: !x.open })) ?? [
                { value: String(topicId), label: topicName ?? '…' },
              ]
            }
            value={String(topicId)}
            onChange={(event) => {
              const chosen = thematics.data?.find((x) => x.id === Number(event.currentTarget.value));
              if (chosen) navigate(topicPath(courseId, chosen.id, chosen.nextLessonId));
            }}
            w={{ base: '100%', sm: 300 }}
          />
        )}
      </Group>
      {topic && !topic.open && (
        <Alert color="gray" icon={<IconLock size={18} />} mb="md" data-testid="topic-locked">
          {t('academy.topicLockedLong')}
        </Alert>
      )}
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p={0} className={classes.list}>
            <Text fw={700} c="var(--academy-ink)" px="md" py="sm" className={classes.listTitle}>
              {t('academy.lessons')} · {topic ? `${topic.passedLessons}/${topic.lessonCount}` : ''}
            </Text>
            {lessons.isPending && (
              // The topic's rows' room (their number from the course's outline) while they load.
              <Center py="lg" mih={Math.max(1, pendingRows) * 63}>
                <Loader size="sm" />
              </Center>
            )}
            <nav aria-label={t('academy.lessons')} data-testid="lesson-list">
              {list.map((lesson, i) => (
                <UnstyledButton
                  key={lesson.id}
                  className={classes.item}
                  data-active={lesson.id === selected?.id || undefined}
                  data-locked={lesson.locked ? 'true' : 'false'}
                  data-testid="lesson-item"
                  aria-current={lesson.id === selected?.id ? 'true' : undefined}
                  onClick={() => setSearch({ lesson: String(lesson.id) })}
                >
                  <Group gap="sm" wrap="nowrap">
                    <LessonIcon lesson={lesson} index={i} />
                    <Box style={{ minWidth: 0, flex: 1 }}>
                      <Text fz="sm" fw={600} lineClamp={2} c={lesson.locked ? 'dimmed' : undefined}>
                        {lesson.name}
                      </Text>
                      <Group gap={6} mt={2}>
                        {lesson.locked ? (
                          <Text fz="xs" c="dimmed">
                            {t('study.locked')}
                          </Text>
                        ) : (
                          <StatusBadge status={LESSON_STATUS_WORD[lesson.status]} testId="lesson-status" />
                        )}
                        {lesson.requiredSeconds > 0 && !lesson.locked && (
                          <Text fz="xs" c="dimmed">
                            {clock(Math.min(lesson.requiredSeconds, lesson.creditedSeconds))} /{' '}
                            {clock(lesson.requiredSeconds)}
                          </Text>
                        )}
                      </Group>
                    </Box>
                  </Group>
                </UnstyledButton>
              ))}
            </nav>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {lessonId !== undefined && (
            <LessonStudy
              key={lessonId}
              lessonId={lessonId}
              summary={selected}
              next={nextInTopic}
              nextTopicPath={
                !nextInTopic && nextTopic
                  ? topicPath(courseId, nextTopic.id, nextTopic.nextLessonId)
                  : undefined
              }
              onOpen={(lessonId) => setSearch({ lesson: String(lessonId) })}
            />
          )}
          {!lessons.isPending && list.length === 0 && <Text c="dimmed">{t('academy.noLessonsYet')}</Text>}
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function LessonIcon({ lesson, index }: { lesson: TMyLesson; index: number }) {
  if (lesson.locked)
    return (
      <ThemeIcon size={30} radius="xl" color="#D3D3D3" aria-hidden>
        <IconLock size={16} color="#555" />
      </ThemeIcon>
    );
  if (lesson.passed)
    return (
      <ThemeIcon size={30} radius="xl" color="green.7" aria-hidden>
        <IconCheck size={16} />
      </ThemeIcon>
    );
  if (lesson.status === 'FAILED')
    return (
      <ThemeIcon size={30} radius="xl" color="red" variant="light" aria-hidden>
        <IconX size={16} />
      </ThemeIcon>
    );
  return (
    <ThemeIcon size={30} radius="xl" color="brand.9" variant="light" aria-hidden>
      {lesson.status === 'STUDYING' ? (
        <IconPlayerPlay size={16} />
      ) : (
        <Text fz="sm" fw={700}>
          {index + 1}
        </Text>
      )}
    </ThemeIcon>
  );
}

export default TopicPage;
