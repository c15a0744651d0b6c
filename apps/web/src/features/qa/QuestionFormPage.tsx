import { QA_LIMITS, QA_RELATED_TOPICS, ZQaQuestionInput } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { applyServerErrors } from '../../lib/forms';
import { useCourseOptions, useCourseOutline, useQuestion, useSaveQuestion } from './api';

type Input = z.input<typeof ZQaQuestionInput>;
type Output = z.output<typeof ZQaQuestionInput>;
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
  const [formError, setFormError] = useState<string | null>(null);
  const presetCourse = positiveId(searchParams.get('courseId'));
  const presetLesson = positiveId(searchParams.get('lessonId'));

  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(ZQaQuestionInput),
    defaultValues: {
      title: '',
      description: '',
      type: presetCourse || !editId ? 'COURSE' : 'OTHER',
      relatedTopic: null,
      courseId: presetCourse,
      lessonId: presetCourse ? presetLesson : null,
    },
  });
  const { errors } = form.formState;
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

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    save.mutate(
      { id: editId, values },
      {
        onSuccess: (saved) => navigate(`/training-academy/qa/${saved.id}`),
        onError: (error) => setFormError(applyServerErrors(error, form.setError, FIELDS)),
      },
    );
  });

  if (editId !== undefined && existing.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
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
      <Title order={1} c="brand.9" fz={{ base: 26, sm: 32 }} mb="lg">
        {editId ? t('qa.editTitle') : t('qa.newTitle')}
      </Title>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate data-testid="question-form">
          <Stack gap="md">
            {formError && <Alert color="red">{formError}</Alert>}
            <Controller
              control={form.control}
              name="type"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text fw={500} fz="sm">
                    {t('qa.type')}
                  </Text>
                  <SegmentedControl
                    value={field.value}
                    onChange={(value) => field.onChange(value)}
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
                <Controller
                  control={form.control}
                  name="courseId"
                  render={({ field }) => (
                    <Select
                      label={t('qa.course')}
                      withAsterisk
                      placeholder={t('qa.pickCourse')}
                      data={(courses.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                      value={typeof field.value === 'number' ? String(field.value) : null}
                      onChange={(value) => {
                        field.onChange(value ? Number(value) : null);
                        form.setValue('lessonId', null);
                      }}
                      searchable
                      nothingFoundMessage={t('qa.noCourse')}
                      error={errors.courseId?.message}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="lessonId"
                  render={({ field }) => (
                    <Select
                      label={t('qa.lesson')}
                      placeholder={courseId ? t('qa.pickLesson') : t('qa.pickCourseFirst')}
                      data={lessonGroups}
                      value={typeof field.value === 'number' ? String(field.value) : null}
                      onChange={(value) => field.onChange(value ? Number(value) : null)}
                      disabled={!courseId}
                      searchable
                      clearable
                      error={errors.lessonId?.message}
                    />
                  )}
                />
              </SimpleGrid>
            )}
            <Controller
              control={form.control}
              name="relatedTopic"
              render={({ field }) => (
                <Select
                  label={t('qa.relatedTopic')}
                  placeholder={t('qa.noTopic')}
                  data={QA_RELATED_TOPICS.map((topic) => ({ value: topic, label: t(`qa.topics.${topic}`) }))}
                  value={typeof field.value === 'string' ? field.value : null}
                  onChange={(value) => field.onChange(value)}
                  clearable
                  error={errors.relatedTopic?.message}
                />
              )}
            />
            <div>
              <TextInput
                label={t('qa.questionTitle')}
                description={t('qa.questionTitleHint')}
                withAsterisk
                error={errors.title?.message}
                {...form.register('title')}
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
                error={errors.description?.message}
                {...form.register('description')}
              />
              <Counter length={(description ?? '').trim().length} max={QA_LIMITS.description} />
            </div>
            <Group justify="flex-end">
              <Button
                variant="default"
                component={Link}
                to={editId ? `/training-academy/qa/${editId}` : '/training-academy/qa'}
              >
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="accent.6" loading={save.isPending}>
                {editId ? t('common.save') : t('qa.post')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

export default QuestionFormPage;
