import type { TCourse, TMyCourse } from '@academy/contract';
import { Alert, Badge, Chip, Container, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconBook2, IconCertificate, IconClipboardCheck, IconCompass } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChipRow } from '../../components/ChipRow';
import { Loading } from '../../components/Loading';
import { formatDate } from '../../lib/format';
import { AssignedToMe, useMyAssignments } from '../assignments';
import { useServices } from '../org';
import { useAllCourses, useMyCourses, useMyHistory } from './api';
import { CourseCard } from './CourseCard';

const TABS = ['assigned', 'in-progress', 'finished', 'explore'] as const;
type Tab = (typeof TABS)[number];

/**
 * /training-academy: the learner's courses with their percent, in progress and finished, and
 * the courses they may start (decision 11: every course is open to every employee).
 */
export function MyCoursesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab') as Tab | null;
  const mine = useMyCourses();
  const assigned = useMyAssignments();
  const openAssignments = (assigned.data ?? []).filter((a) => a.state !== 'DONE');
  const history = useMyHistory();
  const inProgress = (mine.data ?? []).filter((c) => c.status !== 'FINISHED');
  const finished = history.data ?? [];
  // A newcomer with nothing started lands on the courses to explore.
  // Open assignments come first (issue 24).
  const fallback: Tab =
    openAssignments.length > 0 ? 'assigned' : mine.data && mine.data.length === 0 ? 'explore' : 'in-progress';
  // Without a tab asked for, the page waits for the assignments to choose one (rather than show
  // the courses in progress and swap them for the assignments a moment later).
  const tab: Tab | null = asked && TABS.includes(asked) ? asked : assigned.isPending ? null : fallback;
  const all = useAllCourses(tab === 'explore');

  return (
    <Container size="xl" py="xl">
      <Title order={1} c="var(--academy-ink)" mb="lg" fz={{ base: 26, md: 32 }}>
        {t('academy.myCourses')}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => setSearch(value ? { tab: value } : {}, { replace: true })}
        color="accent.6"
        keepMounted={false}
      >
        {/* The tabs show once the assignments are known: "Assigned to me" comes first when there
            are any, and coming late it would push the other tabs aside, or onto another line on a
            phone (layout shift, issue 21). Until then the row keeps its room, hidden. */}
        <Tabs.List mb="lg" style={assigned.isPending ? { visibility: 'hidden' } : undefined}>
          {(assigned.data?.length ?? 0) > 0 && (
            <Tabs.Tab
              value="assigned"
              leftSection={<IconClipboardCheck size={16} />}
              data-testid="tab-assigned"
            >
              {t('assignments.assignedToMe')}
              <CountBadge count={openAssignments.length} />
            </Tabs.Tab>
          )}
          <Tabs.Tab value="in-progress" leftSection={<IconBook2 size={16} />} data-testid="tab-in-progress">
            {t('academy.inProgress')}
            <CountBadge count={mine.data && inProgress.length} />
          </Tabs.Tab>
          <Tabs.Tab value="finished" leftSection={<IconCertificate size={16} />} data-testid="tab-finished">
            {t('academy.finished')}
            <CountBadge count={history.data && finished.length} />
          </Tabs.Tab>
          <Tabs.Tab value="explore" leftSection={<IconCompass size={16} />} data-testid="tab-explore">
            {t('academy.explore')}
          </Tabs.Tab>
        </Tabs.List>
        {tab === null && <Loading />}
        <Tabs.Panel value="assigned">
          <AssignedToMe items={assigned.data} loading={assigned.isPending} error={assigned.error} />
        </Tabs.Panel>
        <Tabs.Panel value="in-progress">
          <CourseGrid
            loading={mine.isPending}
            error={mine.error}
            empty={t('academy.noCourses')}
            items={inProgress.map((course) => (
              <CourseCard
                key={course.id}
                course={course}
                percent={course.percent}
                footer={<Studied course={course} />}
              />
            ))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="finished">
          <CourseGrid
            loading={history.isPending}
            error={history.error}
            empty={t('academy.noFinished')}
            items={finished.map((course) => (
              <CourseCard
                key={course.id}
                course={course}
                percent={course.percent}
                footer={
                  <Text fz="xs" c="dimmed">
                    {t('academy.finishedOn', { date: formatDate(course.finishedAt) })}
                  </Text>
                }
              />
            ))}
          />
        </Tabs.Panel>
        <Tabs.Panel value="explore">
          <Explore courses={all.data} loading={all.isPending} error={all.error} mine={mine.data ?? []} />
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}

/** A tab's count; until it is known the badge keeps its room, hidden, so the tabs after it stay put. */
function CountBadge({ count }: { count: number | undefined }) {
  const known = count !== undefined;
  return (
    <Badge
      size="xs"
      variant="light"
      color="brand.9"
      ml={6}
      component="span"
      style={known ? undefined : { visibility: 'hidden' }}
      aria-hidden={known ? undefined : true}
    >
      {count ?? 0}
    </Badge>
  );
}

function Studied({ course }: { course: TMyCourse }) {
  const { t } = useTranslation();
  if (!course.lastStudiedAt) return null;
  return (
    <Text fz="xs" c="dimmed">
      {t('academy.lastStudied', { date: formatDate(course.lastStudiedAt) })}
    </Text>
  );
}

function CourseGrid({
  loading,
  error,
  empty,
  items,
}: {
  loading: boolean;
  error: Error | null;
  empty: string;
  items: ReactNode[];
}) {
  if (loading) return <Loading />;
  if (error) return <Alert color="red">{error.message}</Alert>;
  if (items.length === 0)
    return (
      <Text c="dimmed" py="lg" data-testid="courses-empty">
        {empty}
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="lg">
      {items}
    </SimpleGrid>
  );
}

/** Every course, by service; the learner's percent on the ones they started. */
function Explore({
  courses,
  loading,
  error,
  mine,
}: {
  courses: TCourse[] | undefined;
  loading: boolean;
  error: Error | null;
  mine: TMyCourse[];
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const services = useServices();
  const service = search.get('service') ?? 'all';
  const percentOf = new Map(mine.map((c) => [c.id, c.percent]));
  const shown = (courses ?? []).filter((c) => service === 'all' || String(c.serviceId) === service);
  return (
    <Stack gap="md">
      {(!services.data || services.data.length > 1) && (
        <Chip.Group
          multiple={false}
          value={service}
          onChange={(value: string) =>
            setSearch((current) => {
              const next = new URLSearchParams(current);
              if (value === 'all') next.delete('service');
              else next.set('service', value);
              return next;
            })
          }
        >
          <ChipRow testId="service-chips">
            {[
              { value: 'all', label: t('academy.allServices') },
              ...(services.data ?? []).map((s) => ({ value: String(s.id), label: s.name })),
            ].map((option) => (
              <Chip key={option.value} value={option.value} color="brand.9" variant="filled" size="sm">
                {option.label}
              </Chip>
            ))}
          </ChipRow>
        </Chip.Group>
      )}
      <CourseGrid
        loading={loading}
        error={error}
        empty={t('academy.noCoursesHere')}
        items={shown.map((course) => (
          <CourseCard key={course.id} course={course} percent={percentOf.get(course.id)} />
        ))}
      />
    </Stack>
  );
}

export default MyCoursesPage;
