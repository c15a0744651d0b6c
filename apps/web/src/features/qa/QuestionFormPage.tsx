import { QA_LIMITS, QA_RELATED_TOPICS, ZQaQuestionInput } from '@academy/contract';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Container,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormActions, Loading, SelectField, useManagedForm } from '../../components/management';
import { useCourseOptions, useCourseOutline, useQuestion, useSaveQuestion } from './api';

const FIELDS = ['title', 'description', 'type', 'relatedTopic', 'courseId', 'lessonId'] as const;

const positiveId = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** "12 / 200" under a text field. */
function Counter({ length, max }: { length: number; max: number }) {
  return (
    <Text fz="xs" c={length > max ? 'red' : 'dimmed'} ta="right">
      {length} / {max}
    </Text>
  );
}

/**
 * /training-academy/qa/new (with ?courseId=&lessonId= from a lesson page) and
 * /training-academy/qa/{id}/edit: title, description, type, related topic, course and lesson.
 */
export function QuestionFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const editId = params.id ? Number(params.id) : undefined;
  const existing = useQuestion(editId ?? 0);
  const save = useSaveQuestion();
  const courses = useCourseOptions();
  const presetCourse = positiveId(searchParams.get('courseId'));
  const presetLesson = positiveId(searchParams.get('lessonId'));

  const { form, error, fail, submit, field } = useManagedForm({
    schema: ZQaQuestionInput,
    fields: FIELDS,
    defaultValues: {
      title: '',
      description: '',
      type: presetCourse || !editId ? 'COURSE' : 'OTHER',
      relatedTopic: null,
      courseId: presetCourse,
      lessonId: presetCourse ? presetLesson : null,
    },
  });
  const [type, courseValue, title, description] = useWatch({
    control: form.control,
    name: ['type', 'courseId', 'title', 'description'],
  });
  const courseId = typeof courseValue === 'number' ? courseValue : null;
  const outline = useCourseOutline(type === 'COURSE' ? courseId : null);

  const question = existing.data;
  useEffect(() => {
    if (!question) return;
    form.reset({
      title: question.title,
      description: question.description,
      type: question.type,
      relatedTopic: question.relatedTopic,
      courseId: question.course?.id ?? null,
      lessonId: question.lesson?.id ?? null,
    });
  }, [question, form]);

  const onSubmit = submit((values) =>
    save.mutate(
      { id: editId, values },
      {
        onSuccess: (saved) => navigate(`/training-academy/qa/${saved.id}`),
        onError: (failure) => fail(failure),
      },
    ),
  );

  if (editId !== undefined && existing.isPending) return <Loading />;
  if (editId !== undefined && (existing.error || question?.canEdit === false)) {
    return (
      <Container size="md" py="xl">
        <Alert color="red">{existing.error?.message ?? t('qa.cannotEdit')}</Alert>
      </Container>
    );
  }

  const lessonGroups = (outline.data?.topics ?? [])
    .filter((topic) => topic.lessons.length > 0)
    .map((topic) => ({
      group: topic.name,
      items: topic.lessons.map((lesson) => ({ value: String(lesson.id), label: lesson.name })),
    }));

  return (
    <Container size="md" py="xl">
      <Breadcrumbs mb="md" fz="sm">
        <Anchor component={Link} to="/training-academy/qa">
          {t('qa.title')}
        </Anchor>
        {question && (
          <Anchor component={Link} to={`/training-academy/qa/${question.id}`} lineClamp={1}>
            {question.title}
          </Anchor>
        )}
      </Breadcrumbs>
      <Title order={1} c="var(--academy-ink)" fz={{ base: 26, sm: 32 }} mb="lg">
        {editId ? t('qa.editTitle') : t('qa.newTitle')}
      </Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={onSubmit} noValidate data-testid="question-form">
          <Stack gap="md">
            {error && <Alert color="red">{error}</Alert>}
            <Controller
              control={form.control}
              name="type"
              render={({ field: typeField }) => (
                <Stack gap={4}>
                  <Text fw={500} fz="sm">
                    {t('qa.type')}
                  </Text>
                  <SegmentedControl
                    value={typeField.value}
                    onChange={(value) => typeField.onChange(value)}
                    data={[
                      { value: 'COURSE', label: t('qa.types.COURSE') },
                      { value: 'OTHER', label: t('qa.types.OTHER') },
                    ]}
                    color="brand.9"
                    fullWidth
                    aria-label={t('qa.type')}
                  />
                </Stack>
              )}
            />
            {type === 'COURSE' && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <SelectField
                  control={form.control}
                  name="courseId"
                  kind="number"
                  label={t('qa.course')}
                  withAsterisk
                  placeholder={t('qa.pickCourse')}
                  data={(courses.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                  onPicked={() => form.setValue('lessonId', null)}
                  searchable
                  nothingFoundMessage={t('qa.noCourse')}
                />
                <SelectField
                  control={form.control}
                  name="lessonId"
                  kind="number"
                  label={t('qa.lesson')}
                  placeholder={courseId ? t('qa.pickLesson') : t('qa.pickCourseFirst')}
                  data={lessonGroups}
                  disabled={!courseId}
                  searchable
                  clearable
                />
              </SimpleGrid>
            )}
            <SelectField
              control={form.control}
              name="relatedTopic"
              kind="nullable"
              label={t('qa.relatedTopic')}
              placeholder={t('qa.noTopic')}
              data={QA_RELATED_TOPICS.map((topic) => ({ value: topic, label: t(`qa.topics.${topic}`) }))}
              clearable
            />
            <div>
              <TextInput
                label={t('qa.questionTitle')}
                description={t('qa.questionTitleHint')}
                withAsterisk
                {...field('title')}
              />
              <Counter length={(title ?? '').trim().length} max={QA_LIMITS.title} />
            </div>
            <div>
              <Textarea
                label={t('qa.description')}
                description={t('qa.descriptionHint')}
                withAsterisk
                autosize
                minRows={6}
                maxRows={16}
                {...field('description')}
              />
              <Counter length={(description ?? '').trim().length} max={QA_LIMITS.description} />
            </div>
            <FormActions
              cancelTo={editId ? `/training-academy/qa/${editId}` : '/training-academy/qa'}
              saving={save.isPending}
              saveLabel={editId ? t('common.save') : t('qa.post')}
            />
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

export default QuestionFormPage;
