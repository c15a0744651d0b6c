import { MESSAGES, NEWS_LIMITS, ZNewsForm } from '@academy/contract';
import { Alert, Anchor, Grid, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import {
  FormActions,
  ImageChoiceField,
  Loading,
  SelectField,
  SwitchField,
  serviceOptions,
  useImageChoice,
  useManagedForm,
} from '../../components/management';
import { PageHeader } from '../../components/PageHeader';
import { RichTextEditor } from '../../components/RichTextEditor';
import { useServices } from '../org';
import { useNewsCategories, useNewsDetail } from './api';
import { uploadNewsImage, useSaveNews } from './manage-api';

/** The contract's rules; the selects hold ids as strings. */
const schema = ZNewsForm.extend({
  categoryId: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
  serviceId: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required),
  outstanding: z.boolean(),
  hiddenFromHome: z.boolean(),
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;
const FIELDS = [
  'title',
  'description',
  'content',
  'categoryId',
  'serviceId',
  'outstanding',
  'hiddenFromHome',
] as const;

/** /management/news/add-news and /management/news/edit-news/{id}. */
export function NewsFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const existing = useNewsDetail(id ?? 0);
  const services = useServices();
  const categories = useNewsCategories();
  const save = useSaveNews();
  const image = useImageChoice();
  const { form, error, setError, fail, field } = useManagedForm<Input, Output>({
    schema,
    fields: FIELDS,
    defaultValues: {
      title: '',
      description: '',
      content: '',
      categoryId: '',
      serviceId: '',
      outstanding: false,
      hiddenFromHome: false,
    },
  });
  const { errors } = form.formState;
  const description = form.watch('description') ?? '';

  useEffect(() => {
    const news = existing.data;
    if (!news) return;
    form.reset({
      title: news.title,
      description: news.description,
      content: news.content,
      categoryId: String(news.categoryId),
      serviceId: String(news.serviceId),
      outstanding: news.outstanding,
      hiddenFromHome: news.hiddenFromHome,
    });
  }, [existing.data, form]);

  const submit = form.handleSubmit(
    (values) => {
      setError(null);
      if (!id && !image.file) return image.setError(MESSAGES.fileRequired);
      image.setError(undefined);
      save.mutate(
        { id, values: { ...values, image: image.file } },
        {
          onSuccess: (saved) =>
            navigate(`/management/news/${saved.id}`, {
              state: { saved: id ? t('newsAdmin.saved') : t('newsAdmin.added') },
            }),
          onError: (failure) => fail(failure, image.claim(failure)),
        },
      );
    },
    () => {
      if (!id && !image.file) image.setError(MESSAGES.fileRequired);
    },
  );

  if (id && existing.isPending) return <Loading />;
  if (id && existing.error) return <Alert color="red">{existing.error.message}</Alert>;

  return (
    <>
      <PageHeader title={id ? t('newsAdmin.editTitle') : t('newsAdmin.addTitle')} />
      <Text fz="sm" mb="md">
        <Anchor component={Link} to="/management/news">
          ← {t('newsAdmin.backToList')}
        </Anchor>
      </Text>
      <form onSubmit={submit} noValidate data-testid="news-form">
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Paper withBorder p="lg" radius="md">
              <Stack gap="md">
                {error && <Alert color="red">{error}</Alert>}
                <TextInput
                  label={t('newsAdmin.titleColumn')}
                  withAsterisk
                  maxLength={NEWS_LIMITS.title}
                  {...field('title')}
                />
                <Textarea
                  label={t('newsAdmin.description')}
                  withAsterisk
                  autosize
                  minRows={3}
                  maxRows={8}
                  description={`${description.length}/${NEWS_LIMITS.description}`}
                  {...field('description')}
                />
                <Controller
                  control={form.control}
                  name="content"
                  render={({ field }) => (
                    <RichTextEditor
                      label={t('newsAdmin.content')}
                      required
                      value={field.value}
                      onChange={field.onChange}
                      uploadImage={uploadNewsImage}
                      error={errors.content?.message}
                      testId="news-content-editor"
                    />
                  )}
                />
              </Stack>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Paper withBorder p="lg" radius="md">
              <Stack gap="md">
                <SelectField
                  control={form.control}
                  name="serviceId"
                  label={t('newsAdmin.service')}
                  withAsterisk
                  data={serviceOptions(services.data)}
                />
                <SelectField
                  control={form.control}
                  name="categoryId"
                  label={t('newsAdmin.category')}
                  withAsterisk
                  data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                />
                <ImageChoiceField
                  choice={image}
                  label={`${t('newsAdmin.image')} *`}
                  currentUrl={existing.data?.image}
                />
                <SwitchField
                  control={form.control}
                  name="outstanding"
                  label={t('newsAdmin.outstandingLabel')}
                />
                <SwitchField
                  control={form.control}
                  name="hiddenFromHome"
                  label={t('newsAdmin.hiddenLabel')}
                />
                <FormActions cancelTo="/management/news" saving={save.isPending} mt="sm" />
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </form>
    </>
  );
}

export default NewsFormPage;
