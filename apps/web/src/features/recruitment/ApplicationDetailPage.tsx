import { RECRUITMENT_MESSAGES, type TApplication } from '@academy/contract';
import { Alert, Anchor, Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDownload, IconFileTypeDoc, IconTrash, IconX } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { ConfirmDeleteDialog, Loaded, ResultDialog } from '../../components/management';
import { formatDateTime } from '../../lib/format';
import { useApplication, useCvBytes, useDeleteApplication, useDownload, useReviewApplication } from './api';
import { APPLICATION_COLORS, formatFileSize } from './format';
import { useDeleteThenLeave } from './use-delete-then-leave';

// pdf.js (and its worker) load when a CV is shown, not with the page (issue 21).
const PdfViewer = lazy(() => import('./PdfViewer').then((module) => ({ default: module.PdfViewer })));

const BASE = '/management/recruitment';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** /management/recruitment/curriculum-vitae/detail/{id}: the candidate, their CV inline, and the decision. */
export function ApplicationDetailPage() {
  const application = useApplication(Number(useParams().id));
  return (
    <Loaded query={application} notFound={RECRUITMENT_MESSAGES.applicationNotFound}>
      {(a) => <ApplicationDetail a={a} />}
    </Loaded>
  );
}

function ApplicationDetail({ a }: { a: TApplication }) {
  const { t } = useTranslation();
  const cv = useCvBytes(a.id);
  const review = useReviewApplication();
  const download = useDownload();
  const { result, deletion } = useDeleteThenLeave<TApplication>(
    useDeleteApplication(),
    t('recruitment.applicationDeleted', { name: a.fullName }),
    `${BASE}/curriculum-vitae/${a.postId}`,
  );

  function decide(decision: 'approve' | 'disapprove') {
    review.mutate(
      { id: a.id, decision },
      {
        onSuccess: () =>
          notifications.show({
            color: decision === 'approve' ? 'green' : 'orange',
            message: t(decision === 'approve' ? 'recruitment.approved' : 'recruitment.disapproved', {
              name: a.fullName,
            }),
          }),
        onError: result.fail,
      },
    );
  }

  return (
    <>
      <Anchor component={Link} to={`${BASE}/curriculum-vitae/${a.postId}`} fz="sm">
        ← {t('recruitment.applicationsOf', { vacancy: a.vacancy })}
      </Anchor>
      <Group justify="space-between" align="flex-start" mt="xs" mb="lg" gap="sm">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={1} size="h2" c="var(--academy-ink)" data-testid="candidate-name">
              {a.fullName}
            </Title>
            <Badge color={APPLICATION_COLORS[a.status]} variant="light" data-testid="application-status">
              {t(`recruitment.applicationStatus.${a.status}`)}
            </Badge>
          </Group>
          <Text fz="sm" c="dimmed">
            {a.vacancy}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            color="green"
            leftSection={<IconCheck size={16} />}
            disabled={a.status === 'APPROVED'}
            loading={review.isPending && review.variables?.decision === 'approve'}
            onClick={() => decide('approve')}
            data-testid="approve"
          >
            {t('recruitment.approve')}
          </Button>
          <Button
            color="orange"
            variant="light"
            leftSection={<IconX size={16} />}
            disabled={a.status === 'DISAPPROVED'}
            loading={review.isPending && review.variables?.decision === 'disapprove'}
            onClick={() => decide('disapprove')}
            data-testid="disapprove"
          >
            {t('recruitment.disapprove')}
          </Button>
          <Button
            color="red"
            variant="subtle"
            leftSection={<IconTrash size={16} />}
            onClick={() => deletion.ask(a)}
          >
            {t('common.delete')}
          </Button>
        </Group>
      </Group>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="md">
            <Stack gap="sm">
              <Line label={t('recruitment.candidate.email')}>
                <Anchor href={`mailto:${a.email}`} inherit>
                  {a.email}
                </Anchor>
              </Line>
              <Line label={t('recruitment.candidate.phone')}>
                <Anchor href={`tel:${a.phone.replace(/[^+0-9]/g, '')}`} inherit>
                  {a.phone}
                </Anchor>
              </Line>
              <Line label={t('recruitment.appliedAt')}>{formatDateTime(a.createdAt)}</Line>
              {a.reviewedAt && (
                <Line label={t('recruitment.reviewed')}>
                  {formatDateTime(a.reviewedAt)}
                  {a.reviewedBy ? ` · ${a.reviewedBy}` : ''}
                </Line>
              )}
              <Line label={t('recruitment.candidate.message')}>
                <Text span fz="sm" style={{ whiteSpace: 'pre-line' }}>
                  {a.message ?? '—'}
                </Text>
              </Line>
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                loading={download.isPending && download.variables?.endsWith('/cv?download=true')}
                onClick={() =>
                  download.mutate(`recruitment-applications/${a.id}/cv?download=true`, {
                    onError: result.fail,
                  })
                }
                data-testid="download-cv"
              >
                {t('recruitment.downloadCv', { size: formatFileSize(a.cv.size) })}
              </Button>
              {a.applicationForm && (
                <Button
                  variant="default"
                  leftSection={<IconFileTypeDoc size={16} />}
                  onClick={() =>
                    download.mutate(`recruitment-applications/${a.id}/application-form`, {
                      onError: result.fail,
                    })
                  }
                >
                  {t('recruitment.downloadFilledForm', { name: a.applicationForm.name })}
                </Button>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Text fw={600} c="var(--academy-ink)" mb="xs">
            {a.cv.name}
          </Text>
          {cv.isError ? (
            <Alert color="red">{cv.error.message}</Alert>
          ) : (
            <Suspense fallback={<Loading py="xl" />}>
              <PdfViewer data={cv.data} />
            </Suspense>
          )}
        </Grid.Col>
      </Grid>
      <ConfirmDeleteDialog {...deletion.dialog} subject={a.fullName} />
      <ResultDialog state={result} />
    </>
  );
}

export default ApplicationDetailPage;
