import {
  MESSAGES,
  POST_GENDERS,
  RECRUITMENT_LIMITS,
  RECRUITMENT_MESSAGES,
  type TRecruitmentPost,
  WORK_FORMS,
  ZRecruitmentPostForm,
} from '@academy/contract';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypeDoc } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ImageInput } from '../../components/ImageInput';
import { branchGroups, Loaded, SwitchField } from '../../components/management';
import { ApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { useBranches } from '../org';
import { usePost, useSavePost } from './api';
import { endOfDay, formatFileSize, toDateInput } from './format';

type Values = {
  vacancy: string;
  branchId: string;
  indefinite: boolean;
  endDate: string;
  salaryMin: string;
  salaryMax: string;
  workForm: string;
  gender: string;
  quantity: string;
  degree: string;
  experience: string;
  rank: string;
  workplace: string;
  address: string;
  jobDescription: string;
  requirements: string;
  benefits: string;
  hrPolicy: string;
};
const FIELDS = [
  'vacancy',
  'branchId',
  'indefinite',
  'endDate',
  'salaryMin',
  'salaryMax',
  'workForm',
  'gender',
  'quantity',
  'degree',
  'experience',
  'rank',
  'workplace',
  'address',
  'jobDescription',
  'requirements',
  'benefits',
  'hrPolicy',
] as const;
const BASE = '/management/recruitment';

function emptyValues(): Values {
  return {
    vacancy: '',
    branchId: '',
    indefinite: false,
    endDate: '',
    salaryMin: '',
    salaryMax: '',
    workForm: 'FULL_TIME',
    gender: 'ALL',
    quantity: '1',
    degree: '',
    experience: '',
    rank: '',
    workplace: '',
    address: '',
    jobDescription: '',
    requirements: '',
    benefits: '',
    hrPolicy: '',
  };
}

function valuesOf(post: TRecruitmentPost): Values {
  return {
    vacancy: post.vacancy,
    branchId: String(post.branchId),
    indefinite: post.endDate === null,
    endDate: toDateInput(post.endDate),
    salaryMin: post.salaryMin === null ? '' : String(post.salaryMin),
    salaryMax: post.salaryMax === null ? '' : String(post.salaryMax),
    workForm: post.workForm,
    gender: post.gender,
    quantity: String(post.quantity),
    degree: post.degree ?? '',
    experience: post.experience ?? '',
    rank: post.rank ?? '',
    workplace: post.workplace ?? '',
    address: post.address ?? '',
    jobDescription: post.jobDescription,
    requirements: post.requirements ?? '',
    benefits: post.benefits ?? '',
    hrPolicy: post.hrPolicy ?? '',
  };
}

/** The fields as the API takes them: the end date becomes the end of that day, here. */
function payloadOf(values: Values, post: TRecruitmentPost | undefined): Record<string, string> {
  const { indefinite, endDate, ...rest } = values;
  const unchanged = post?.endDate && toDateInput(post.endDate) === endDate;
  return {
    ...rest,
    indefinite: String(indefinite),
    endDate: indefinite || !endDate ? '' : unchanged ? (post?.endDate ?? '') : endOfDay(endDate),
  };
}

/** The contract's rules, plus "a new end date must lie ahead" (the server checks it again). */
function resolverFor(post: TRecruitmentPost | undefined): Resolver<Values> {
  return async (values) => {
    const payload = payloadOf(values, post);
    const parsed = ZRecruitmentPostForm.safeParse(payload);
    const errors: FieldErrors<Values> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof Values;
        if (!errors[field]) errors[field] = { type: 'validation', message: issue.message };
      }
    }
    const changed = !post || payload.endDate !== (post.endDate ?? '');
    if (!errors.endDate && payload.endDate && changed && new Date(payload.endDate).getTime() <= Date.now()) {
      errors.endDate = { type: 'validation', message: RECRUITMENT_MESSAGES.endDateInFuture };
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}

/** /management/recruitment/add and edit/{id}: every field of a post, banner and application form. */
export function PostFormPage() {
  const params = useParams();
  const id = params.id ? Number(params.id) : undefined;
  const existing = usePost(id);
  if (id === undefined) return <PostForm />;
  return (
    <Loaded query={existing} notFound={RECRUITMENT_MESSAGES.postNotFound}>
      {(post) => <PostForm key={post.id} post={post} />}
    </Loaded>
  );
}

function PostForm({ post }: { post?: TRecruitmentPost }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = post?.id;
  const branches = useBranches();
  const save = useSavePost();
  const [banner, setBanner] = useState<File | null>(null);
  const [removeBanner, setRemoveBanner] = useState(false);
  const [formFile, setFormFile] = useState<File | null>(null);
  const [removeForm, setRemoveForm] = useState(false);
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    resolver: resolverFor(post),
    defaultValues: post ? valuesOf(post) : emptyValues(),
  });
  const { errors } = form.formState;
  const indefinite = form.watch('indefinite');

  function pickForm(file: File | null) {
    setFileErrors((e) => ({ ...e, applicationForm: '' }));
    setFormFile(null);
    if (!file) return;
    if (!/\.docx?$/i.test(file.name))
      return setFileErrors((e) => ({ ...e, applicationForm: MESSAGES.documentOnly }));
    if (file.size > RECRUITMENT_LIMITS.applicationFormBytes)
      return setFileErrors((e) => ({ ...e, applicationForm: RECRUITMENT_MESSAGES.applicationFormTooLarge }));
    setFormFile(file);
    setRemoveForm(false);
  }

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    setFileErrors({});
    const fields = {
      ...payloadOf(values, post),
      removeBanner: String(removeBanner && !banner),
      removeApplicationForm: String(removeForm && !formFile),
    };
    save.mutate(
      { id, fields, files: { banner, applicationForm: formFile } },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t(id ? 'recruitment.postSaved' : 'recruitment.postAdded', { name: saved.vacancy }),
          });
          navigate(`${BASE}/detail/${saved.id}`);
        },
        onError: (error) => {
          const message = applyServerErrors(error, form.setError, FIELDS);
          const files = (error instanceof ApiError ? error.fieldErrors : []).filter((e) =>
            ['banner', 'applicationForm'].includes(e.field),
          );
          setFileErrors(Object.fromEntries(files.map((e) => [e.field, e.message])));
          setFormError(files.length ? null : message);
        },
      },
    );
  });

  const text = (name: keyof Values, label: string, required = false) => (
    <TextInput label={label} withAsterisk={required} error={errors[name]?.message} {...form.register(name)} />
  );
  const area = (name: keyof Values, label: string, required = false) => (
    <Textarea
      label={label}
      withAsterisk={required}
      autosize
      minRows={3}
      maxRows={12}
      error={errors[name]?.message}
      {...form.register(name)}
    />
  );
  const select = (
    name: 'workForm' | 'gender' | 'branchId',
    label: string,
    data: Parameters<typeof Select>[0]['data'],
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          withAsterisk
          data={data}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          error={errors[name]?.message}
          allowDeselect={false}
          searchable={name === 'branchId'}
          data-testid={`post-${name}`}
        />
      )}
    />
  );

  return (
    <>
      <Anchor component={Link} to={post ? `${BASE}/detail/${post.id}` : BASE} fz="sm">
        ← {post ? post.vacancy : t('management.areas.recruitment')}
      </Anchor>
      <Title order={1} size="h2" c="var(--academy-ink)" mt="xs" mb="lg">
        {post ? t('recruitment.editPost') : t('recruitment.addPost')}
      </Title>
      <form onSubmit={submit} noValidate data-testid="post-form">
        <Stack gap="lg">
          {formError && <Alert color="red">{formError}</Alert>}
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              {text('vacancy', t('recruitment.fields.vacancy'), true)}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {select('branchId', t('recruitment.fields.branch'), branchGroups(branches.data))}
                <Stack gap={6}>
                  <TextInput
                    type="date"
                    label={t('recruitment.fields.endDate')}
                    withAsterisk={!indefinite}
                    disabled={indefinite}
                    error={errors.endDate?.message}
                    {...form.register('endDate')}
                    data-testid="post-endDate"
                  />
                  <SwitchField
                    control={form.control}
                    name="indefinite"
                    label={t('recruitment.fields.indefinite')}
                    checkbox
                  />
                </Stack>
                <TextInput
                  label={t('recruitment.fields.salaryMin')}
                  inputMode="numeric"
                  rightSection={
                    <Text fz="xs" c="dimmed">
                      VND
                    </Text>
                  }
                  rightSectionWidth={48}
                  error={errors.salaryMin?.message}
                  {...form.register('salaryMin')}
                />
                <TextInput
                  label={t('recruitment.fields.salaryMax')}
                  inputMode="numeric"
                  rightSection={
                    <Text fz="xs" c="dimmed">
                      VND
                    </Text>
                  }
                  rightSectionWidth={48}
                  error={errors.salaryMax?.message}
                  {...form.register('salaryMax')}
                />
                {select(
                  'workForm',
                  t('recruitment.fields.workForm'),
                  WORK_FORMS.map((value) => ({ value, label: t(`recruitment.workForms.${value}`) })),
                )}
                {select(
                  'gender',
                  t('recruitment.fields.gender'),
                  POST_GENDERS.map((value) => ({ value, label: t(`recruitment.genders.${value}`) })),
                )}
                <TextInput
                  label={t('recruitment.fields.quantity')}
                  inputMode="numeric"
                  withAsterisk
                  error={errors.quantity?.message}
                  {...form.register('quantity')}
                />
                {text('degree', t('recruitment.fields.degree'))}
                {text('experience', t('recruitment.fields.experience'))}
                {text('rank', t('recruitment.fields.rank'))}
                {text('workplace', t('recruitment.fields.workplace'))}
                {text('address', t('recruitment.fields.address'))}
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Stack gap="md">
              {area('jobDescription', t('recruitment.fields.jobDescription'), true)}
              {area('requirements', t('recruitment.fields.requirements'))}
              {area('benefits', t('recruitment.fields.benefits'))}
              {area('hrPolicy', t('recruitment.fields.hrPolicy'))}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <Stack gap={6}>
                <ImageInput
                  label={t('recruitment.fields.banner')}
                  currentUrl={removeBanner ? null : post?.banner}
                  value={banner}
                  onChange={(file) => {
                    setBanner(file);
                    setRemoveBanner(false);
                  }}
                  error={fileErrors.banner}
                />
                {(post?.banner || banner) && (
                  <Checkbox
                    label={t('recruitment.removeBanner')}
                    checked={removeBanner}
                    onChange={(event) => {
                      setRemoveBanner(event.currentTarget.checked);
                      if (event.currentTarget.checked) setBanner(null);
                    }}
                  />
                )}
              </Stack>
              <Stack gap={6}>
                <FileInput
                  label={t('recruitment.fields.applicationForm')}
                  description={t('recruitment.candidate.applicationFormHint', {
                    size: formatFileSize(RECRUITMENT_LIMITS.applicationFormBytes),
                  })}
                  placeholder={
                    post?.applicationForm && !removeForm
                      ? post.applicationForm.name
                      : t('recruitment.candidate.chooseWord')
                  }
                  accept=".doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                  clearable
                  leftSection={<IconFileTypeDoc size={18} />}
                  value={formFile}
                  onChange={pickForm}
                  error={fileErrors.applicationForm || undefined}
                />
                {post?.applicationForm && (
                  <Checkbox
                    label={t('recruitment.removeApplicationForm', { name: post.applicationForm.name })}
                    checked={removeForm}
                    onChange={(event) => {
                      setRemoveForm(event.currentTarget.checked);
                      if (event.currentTarget.checked) setFormFile(null);
                    }}
                  />
                )}
              </Stack>
            </SimpleGrid>
          </Paper>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={post ? `${BASE}/detail/${post.id}` : BASE}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" color="accent.6" loading={save.isPending} data-testid="post-save">
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  );
}

export default PostFormPage;
