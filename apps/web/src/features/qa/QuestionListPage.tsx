import { QA_QUESTION_TYPES, QA_RELATED_TOPICS, QA_SORTS } from '@academy/contract';
import {
  Alert,
  Button,
  CloseButton,
  Collapse,
  Container,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconChevronDown, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../components/Loading';
import { usePaginationLabels } from '../../components/pagination';
import { useListParams } from '../../lib/use-list-params';
import { useCourseOptions, useCourseOutline, useQuestionList } from './api';
import { QuestionCard } from './QuestionCard';

const PAGE_SIZE = 10;
const FILTERS = ['sort', 'type', 'relatedTopic', 'courseId', 'lessonId', 'solved', 'mine'] as const;

/** /training-academy/qa: every learner's questions, searchable, filtered, sorted and paged. */
export function QuestionListPage() {
  const { t } = useTranslation();
  const pageLabels = usePaginationLabels();
  const list = useListParams(PAGE_SIZE);
  const { filters } = list;
  const query = Object.fromEntries(FILTERS.map((key) => [key, filters[key]]));
  const questions = useQuestionList({ ...query, q: list.q, page: list.page, size: list.size });
  const courses = useCourseOptions();
  const courseId = filters.courseId ? Number(filters.courseId) : null;
  const outline = useCourseOutline(filters.lessonId ? courseId : null);
  const lesson = outline.data?.topics
    .flatMap((topic) => topic.lessons)
    .find((l) => String(l.id) === filters.lessonId);
  const [search, setSearch] = useState(list.q);
  const updateSearch = useDebouncedCallback((q: string) => list.update({ q }), 300);
  const total = questions.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / list.size));
  const askLink =
    courseId !== null
      ? `/training-academy/qa/new?courseId=${courseId}${filters.lessonId ? `&lessonId=${filters.lessonId}` : ''}`
      : '/training-academy/qa/new';

  const option = (value: string, label: string) => ({ value, label });
  // On phones the filters fold away behind one button, which counts those in use.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = FILTERS.filter((key) => filters[key]).length;

  const filterFields = (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        <Select
          label={t('qa.sortLabel')}
          data={QA_SORTS.map((s) => option(s, t(`qa.sorts.${s}`)))}
          value={filters.sort ?? 'newest'}
          onChange={(value) => list.update({ sort: value === 'newest' ? null : value })}
          allowDeselect={false}
        />
        <Select
          label={t('qa.type')}
          placeholder={t('qa.all')}
          data={QA_QUESTION_TYPES.map((type) => option(type, t(`qa.types.${type}`)))}
          value={filters.type ?? null}
          onChange={(value) => list.update({ type: value })}
          clearable
        />
        <Select
          label={t('qa.relatedTopic')}
          placeholder={t('qa.all')}
          data={QA_RELATED_TOPICS.map((topic) => option(topic, t(`qa.topics.${topic}`)))}
          value={filters.relatedTopic ?? null}
          onChange={(value) => list.update({ relatedTopic: value })}
          clearable
        />
        <Select
          label={t('qa.course')}
          placeholder={t('qa.allCourses')}
          data={(courses.data ?? []).map((c) => option(String(c.id), c.name))}
          value={filters.courseId ?? null}
          onChange={(value) => list.update({ courseId: value, lessonId: null })}
          searchable
          clearable
          nothingFoundMessage={t('qa.noCourse')}
        />
        <Select
          label={t('qa.status')}
          placeholder={t('qa.all')}
          data={[option('false', t('qa.unsolved')), option('true', t('qa.solved'))]}
          value={filters.solved ?? null}
          onChange={(value) => list.update({ solved: value })}
          clearable
        />
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Switch
          label={t('qa.mine')}
          checked={filters.mine === 'true'}
          onChange={(event) => list.update({ mine: event.currentTarget.checked ? 'true' : null })}
          color="accent.6"
        />
        {filters.lessonId && (
          <Group gap={4} data-testid="lesson-filter">
            <Text fz="sm">{t('qa.aboutLesson', { name: lesson?.name ?? `#${filters.lessonId}` })}</Text>
            <CloseButton
              size="sm"
              aria-label={t('qa.clearLesson')}
              onClick={() => list.update({ lessonId: null })}
            />
          </Group>
        )}
      </Group>
    </Stack>
  );

  return (
    <Container size="lg" py="xl">
      <Group justify="space-between" align="center" mb="lg" gap="sm">
        <div>
          <Title order={1} c="var(--academy-ink)" fz={{ base: 26, sm: 32 }}>
            {t('qa.title')}
          </Title>
          <Text c="dimmed" fz="sm">
            {t('qa.subtitle')}
          </Text>
        </div>
        <Group gap="sm">
          <Button component={Link} to={askLink} color="accent.6" leftSection={<IconPlus size={16} />}>
            {t('qa.ask')}
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="md" p="md" mb="md">
        <Stack gap="sm">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={t('qa.searchPlaceholder')}
            aria-label={t('common.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              updateSearch(event.currentTarget.value);
            }}
            rightSection={
              search ? (
                <CloseButton
                  aria-label={t('qa.clearSearch')}
                  onClick={() => {
                    setSearch('');
                    list.update({ q: null });
                  }}
                />
              ) : null
            }
          />
          {phone && (
            <Button
              variant="light"
              color="brand"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              rightSection={
                <IconChevronDown
                  size={14}
                  style={{ transform: filtersOpen ? 'rotate(180deg)' : undefined }}
                />
              }
              onClick={() => setFiltersOpen((open) => !open)}
              aria-expanded={filtersOpen}
              data-testid="toggle-filters"
            >
              {activeFilters ? t('qa.filtersActive', { count: activeFilters }) : t('qa.filters')}
            </Button>
          )}
          {/* On a desktop the filters are always shown: a Collapse there could keep a stale height. */}
          {phone ? <Collapse in={filtersOpen}>{filterFields}</Collapse> : filterFields}
        </Stack>
      </Paper>

      {questions.error && <Alert color="red">{questions.error.message}</Alert>}
      {questions.isPending && <Loading />}
      {questions.data && (
        <Text c="dimmed" fz="sm" mb="xs" data-testid="qa-total">
          {t('qa.count', { count: total })}
        </Text>
      )}
      {questions.data?.items.length === 0 && (
        <Paper withBorder radius="md" p="xl" ta="center">
          <Text mb="md">{t('qa.empty')}</Text>
          <Button component={Link} to={askLink} variant="light" color="accent.6">
            {t('qa.askFirst')}
          </Button>
        </Paper>
      )}
      <Stack gap="sm" style={{ opacity: questions.isPlaceholderData ? 0.6 : 1 }} data-testid="question-list">
        {questions.data?.items.map((question) => (
          <QuestionCard key={question.id} question={question} />
        ))}
      </Stack>
      {pages > 1 && (
        <Group justify="center" mt="lg">
          <Pagination
            total={pages}
            value={list.page + 1}
            onChange={(value) => list.update({ page: value - 1 })}
            size="sm"
            color="brand.9"
            {...pageLabels}
          />
        </Group>
      )}
    </Container>
  );
}

export default QuestionListPage;
