import {
  APPLICATION_HONEYPOT,
  MESSAGES,
  RECRUITMENT_LIMITS,
  RECRUITMENT_MESSAGES,
  type TApplicationReceipt,
  ZApplicationForm,
} from '@academy/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  FileInput,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconClockX, IconFileTypeDoc, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { Loading } from '../../components/Loading';
import { ApiError } from '../../lib/api';
import { applyServerErrors } from '../../lib/forms';
import { useApply, usePublicPost } from './api';
import { formatDeadline, formatFileSize } from './format';

type Input = z.input<typeof ZApplicationForm>;
type Output = z.output<typeof ZApplicationForm>;
const FIELDS = ['fullName', 'email', 'phone', 'message'] as const;
const WORD_TYPES = [
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
}
function isWord(file: File): boolean {
  return WORD_TYPES.includes(file.type) || /\.docx?$/i.test(file.name);
}

/** /recruitment/{id}/apply: name, email, phone, message, CV (PDF) and the filled form (doc/docx). */
export function ApplyPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const post = usePublicPost(id);
  const apply = useApply(id);
  const [cv, setCv] = useState<File | null>(null);
  const [cvError, setCvError] = useState<string | null>(null);
  const [formFile, setFormFile] = useState<File | null>(null);
  const [formFileError, setFormFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<TApplicationReceipt | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(ZApplicationForm),
    defaultValues: { fullName: '', email: '', phone: '', message: '', [APPLICATION_HONEYPOT]: '' },
  });
  const { errors } = form.formState;
  const maxSize = formatFileSize(RECRUITMENT_LIMITS.cvBytes);

  function pickCv(file: File | null) {
    setCvError(null);
    setCv(null);
    if (!file) return;
    if (!isPdf(file)) return setCvError(MESSAGES.pdfOnly);
    if (file.size > RECRUITMENT_LIMITS.cvBytes) return setCvError(RECRUITMENT_MESSAGES.cvTooLarge);
    setCv(file);
  }
  function pickForm(file: File | null) {
    setFormFileError(null);
    setFormFile(null);
    if (!file) return;
    if (!isWord(file)) return setFormFileError(MESSAGES.documentOnly);
    if (file.size > RECRUITMENT_LIMITS.applicationFormBytes)
      return setFormFileError(RECRUITMENT_MESSAGES.applicationFormTooLarge);
    setFormFile(file);
  }

  const submit = form.handleSubmit(
    (values) => {
      setFormError(null);
      if (!cv) {
        setCvError(cvError ?? MESSAGES.fileRequired);
        return;
      }
      apply.mutate(
        { ...values, homepage: values[APPLICATION_HONEYPOT] ?? '', cv, applicationForm: formFile },
        {
          onSuccess: (result) => {
            setReceipt(result);
            window.scrollTo({ top: 0 });
          },
          onError: (error) => {
            const message = applyServerErrors(error, form.setError, FIELDS);
            const fileErrors = error instanceof ApiError ? error.fieldErrors : [];
            const cvProblem = fileErrors.find((e) => e.field === 'cv');
            const formProblem = fileErrors.find((e) => e.field === 'applicationForm');
            if (cvProblem) setCvError(cvProblem.message);
            if (formProblem) setFormFileError(formProblem.message);
            setFormError(cvProblem || formProblem ? null : message);
          },
        },
      );
    },
    () => {
      if (!cv) setCvError(cvError ?? MESSAGES.fileRequired);
    },
  );

  if (post.isPending && Number.isInteger(id) && id > 0) return <Loading py={80} />;

  const data = post.data;
  const closed = data?.status === 'CLOSED';

  return (
    <Container size="sm" py={{ base: 'lg', md: 'xl' }}>
      {data && (
        <Anchor component={Link} to={`/recruitment/${data.id}`} fz="sm">
          ← {data.vacancy}
        </Anchor>
      )}
      <Title order={1} c="var(--academy-ink)" fz={{ base: 26, md: 34 }} mt="xs">
        {t('recruitment.applyTitle')}
      </Title>
      {data && (
        <Text c="dimmed" mt={4} mb="lg">
          {data.vacancy} · {data.branchName}
          {data.endDate && !closed
            ? ` · ${t('recruitment.applyBy', { date: formatDeadline(t, data.endDate) })}`
            : ''}
        </Text>
      )}

      {!data && (
        <Alert
          color="red"
          title={post.error?.message ?? RECRUITMENT_MESSAGES.postNotFound}
          mt="lg"
          data-testid="post-missing"
        >
          <Anchor component={Link} to="/recruitment">
            {t('recruitment.backToList')}
          </Anchor>
        </Alert>
      )}

      {data && closed && !receipt && (
        <Alert
          color="gray"
          icon={<IconClockX size={20} />}
          title={RECRUITMENT_MESSAGES.deadlinePassed}
          data-testid="deadline-passed"
        >
          <Text fz="sm">{t('recruitment.closedHint')}</Text>
          <Anchor component={Link} to="/recruitment" fz="sm">
            {t('recruitment.seeOpenPosts')}
          </Anchor>
        </Alert>
      )}

      {receipt && (
        <Paper withBorder radius="lg" p="xl" data-testid="apply-success">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={56} radius="xl" color="green" variant="light">
              <IconCircleCheck size={36} />
            </ThemeIcon>
            <Title order={2} c="var(--academy-ink)" fz="xl">
              {t('recruitment.thanks', { name: receipt.fullName })}
            </Title>
            <Text>{t('recruitment.received', { vacancy: receipt.vacancy })}</Text>
            <Text c="dimmed" fz="sm">
              {t('recruitment.confirmationSent', { email: receipt.email })}
            </Text>
            <Button component={Link} to="/recruitment" variant="light" mt="sm">
              {t('recruitment.seeOpenPosts')}
            </Button>
          </Stack>
        </Paper>
      )}

      {data && !closed && !receipt && (
        <Paper withBorder radius="lg" p={{ base: 'md', md: 'xl' }} shadow="xs">
          <form onSubmit={submit} noValidate data-testid="apply-form">
            <Stack gap="md">
              {formError && (
                <Alert color="red" data-testid="apply-error">
                  {formError}
                </Alert>
              )}
              <TextInput
                label={t('recruitment.candidate.fullName')}
                withAsterisk
                autoComplete="name"
                error={errors.fullName?.message}
                {...form.register('fullName')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={t('recruitment.candidate.email')}
                  type="email"
                  withAsterisk
                  autoComplete="email"
                  error={errors.email?.message}
                  {...form.register('email')}
                />
                <TextInput
                  label={t('recruitment.candidate.phone')}
                  type="tel"
                  withAsterisk
                  autoComplete="tel"
                  error={errors.phone?.message}
                  {...form.register('phone')}
                />
              </SimpleGrid>
              <Textarea
                label={t('recruitment.candidate.message')}
                description={t('recruitment.candidate.messageHint', { max: RECRUITMENT_LIMITS.message })}
                autosize
                minRows={3}
                maxRows={8}
                error={errors.message?.message}
                {...form.register('message')}
              />
              {/* Hidden from people; robots that fill every field give themselves away. */}
              <Box
                aria-hidden
                style={{
                  position: 'absolute',
                  left: -10000,
                  top: 'auto',
                  width: 1,
                  height: 1,
                  overflow: 'hidden',
                }}
              >
                <label>
                  {t('recruitment.candidate.honeypot')}
                  <input tabIndex={-1} autoComplete="off" {...form.register(APPLICATION_HONEYPOT)} />
                </label>
              </Box>
              <FileInput
                label={t('recruitment.candidate.cv')}
                description={t('recruitment.candidate.cvHint', { size: maxSize })}
                placeholder={t('recruitment.candidate.choosePdf')}
                accept="application/pdf,.pdf"
                withAsterisk
                clearable
                leftSection={<IconFileTypePdf size={18} />}
                value={cv}
                onChange={pickCv}
                error={cvError}
                data-testid="cv-input"
              />
              <FileInput
                label={t('recruitment.candidate.applicationForm')}
                description={t('recruitment.candidate.applicationFormHint', {
                  size: formatFileSize(RECRUITMENT_LIMITS.applicationFormBytes),
                })}
                placeholder={t('recruitment.candidate.chooseWord')}
                accept=".doc,.docx,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                clearable
                leftSection={<IconFileTypeDoc size={18} />}
                value={formFile}
                onChange={pickForm}
                error={formFileError}
                data-testid="application-form-input"
              />
              <Group justify="flex-end" mt="sm">
                <Button
                  type="submit"
                  color="accent.6"
                  size="md"
                  loading={apply.isPending}
                  data-testid="apply-submit"
                >
                  {t('recruitment.sendApplication')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Container>
  );
}

export default ApplyPage;
