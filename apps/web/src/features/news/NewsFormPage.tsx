import { MESSAGES, NEWS_LIMITS, ZNewsForm } from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { ImageInput } from '../../components/ImageInput';
import { SwitchField } from '../../components/management';
import { PageHeader } from '../../components/PageHeader';
import { RichTextEditor } from '../../components/RichTextEditor';
import { ApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { serviceOptions, useServices } from '../org/api';
import { uploadNewsImage, useNewsCategories, useNewsDetail, useSaveNews } from './api';

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
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
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
      setFormError(null);
      if (!id && !image) return setImageError(MESSAGES.fileRequired);
      setImageError(undefined);
      save.mutate(
        { id, values: { ...values, image } },
        {
          onSuccess: (saved) =>
            navigate(`/management/news/${saved.id}`, {
              state: { saved: id ? t('newsAdmin.saved') : t('newsAdmin.added') },
            }),
          onError: (error) => {
            const message = applyServerErrors(error, form.setError, FIELDS);
            const imageProblem =
              error instanceof ApiError && error.fieldErrors.find((e) => e.field === 'image');
            if (imageProblem) setImageError(imageProblem.message);
            setFormError(imageProblem ? null : message);
          },
        },
      );
    },
    () => {
      if (!id && !image) setImageError(MESSAGES.fileRequired);
    },
  );

  if (id && existing.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
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
                {formError && <Alert color="red">{formError}</Alert>}
                <TextInput
                  label={t('newsAdmin.titleColumn')}
                  withAsterisk
                  maxLength={NEWS_LIMITS.title}
                  error={errors.title?.message}
                  {...form.register('title')}
                />
                <Textarea
                  label={t('newsAdmin.description')}
                  withAsterisk
                  autosize
                  minRows={3}
                  maxRows={8}
                  error={errors.description?.message}
                  description={`${description.length}/${NEWS_LIMITS.description}`}
                  {...form.register('description')}
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
                <Controller
                  control={form.control}
                  name="serviceId"
                  render={({ field }) => (
                    <Select
                      label={t('newsAdmin.service')}
                      withAsterisk
                      data={serviceOptions(services.data)}
                      value={field.value || null}
                      onChange={(value) => field.onChange(value ?? '')}
                      error={errors.serviceId?.message}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="categoryId"
                  render={({ field }) => (
                    <Select
                      label={t('newsAdmin.category')}
                      withAsterisk
                      data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                      value={field.value || null}
                      onChange={(value) => field.onChange(value ?? '')}
                      error={errors.categoryId?.message}
                    />
                  )}
                />
                <ImageInput
                  label={`${t('newsAdmin.image')} *`}
                  currentUrl={existing.data?.image}
                  value={image}
                  onChange={(file) => {
                    setImage(file);
                    setImageError(undefined);
                  }}
                  error={imageError}
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
                <Group justify="flex-end" mt="sm">
                  <Button variant="default" component={Link} to="/management/news">
                    {t('common.cancel')}
                  </Button>
                  <Button type="submit" color="accent.6" loading={save.isPending}>
                    {t('common.save')}
                  </Button>
                </Group>
              </Stack>
            </Paper>
          </Grid.Col>
        </Grid>
      </form>
    </>
  );
}

export default NewsFormPage;
