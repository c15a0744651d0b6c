import { RECRUITMENT_MESSAGES, type TRecruitmentPost } from '@academy/contract';
import { Anchor, Badge, Button, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconExternalLink, IconFileCv, IconFileTypeDoc, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDeleteDialog, Loaded, ResultDialog } from '../../components/management';
import { formatDateTime } from '../../lib/format';
import { useDeletePost, usePost } from './api';
import { formatFileSize, STATUS_COLORS } from './format';
import { PostFacts, PostSections } from './PostDetails';
import { useDeleteThenLeave } from './use-delete-then-leave';

const BASE = '/management/recruitment';

function Count({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} truncate="end">
        {label}
      </Text>
      <Text fz={26} fw={700} c={color}>
        {value}
      </Text>
    </Paper>
  );
}

/** /management/recruitment/detail/{id}: the post as HR sees it, with counts and actions. */
export function ManagePostDetailPage() {
  const post = usePost(Number(useParams().id));
  return (
    <Loaded query={post} notFound={RECRUITMENT_MESSAGES.postNotFound}>
      {(data) => <PostDetail data={data} />}
    </Loaded>
  );
}

function PostDetail({ data }: { data: TRecruitmentPost }) {
  const { t } = useTranslation();
  const { result, deletion } = useDeleteThenLeave<TRecruitmentPost>(
    useDeletePost(),
    t('recruitment.postDeleted', { name: data.vacancy }),
    BASE,
  );

  return (
    <>
      <Anchor component={Link} to={BASE} fz="sm">
        ← {t('management.areas.recruitment')}
      </Anchor>
      <Group justify="space-between" align="flex-start" mt="xs" mb="lg" gap="sm">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={1} size="h2" c="var(--academy-ink)" data-testid="post-title">
              {data.vacancy}
            </Title>
            <Badge color={STATUS_COLORS[data.status]} variant="light">
              {t(`recruitment.status.${data.status}`)}
            </Badge>
          </Group>
          <Text c="dimmed" fz="sm">
            {data.serviceName} · {data.branchName} ·{' '}
            {t('recruitment.updated', { date: formatDateTime(data.updatedAt) })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to={`${BASE}/curriculum-vitae/${data.id}`}
            color="accent.6"
            leftSection={<IconFileCv size={16} />}
            data-testid="open-applications"
          >
            {t('recruitment.seeApplications')}
          </Button>
          <Button
            component={Link}
            to={`/recruitment/${data.id}`}
            target="_blank"
            variant="default"
            leftSection={<IconExternalLink size={16} />}
          >
            {t('recruitment.publicPage')}
          </Button>
          <Button
            component={Link}
            to={`${BASE}/edit/${data.id}`}
            variant="light"
            leftSection={<IconEdit size={16} />}
            data-testid="edit-post"
          >
            {t('common.edit')}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            onClick={() => deletion.ask(data)}
          >
            {t('common.delete')}
          </Button>
        </Group>
      </Group>
      <Stack gap="lg">
        <SimpleGrid cols={3} spacing="sm">
          <Count label={t('recruitment.applications')} value={data.applicationCount} color="brand.9" />
          <Count
            label={t('recruitment.applicationStatus.PENDING')}
            value={data.pendingCount}
            color="yellow.8"
          />
          <Count
            label={t('recruitment.applicationStatus.APPROVED')}
            value={data.approvedCount}
            color="green.8"
          />
        </SimpleGrid>
        {data.banner && <Image src={data.banner} alt="" radius="md" mah={220} fit="cover" />}
        <PostFacts post={data} />
        {data.applicationForm && (
          <Group gap="xs">
            <IconFileTypeDoc size={18} />
            <Anchor href={data.applicationForm.url} download={data.applicationForm.name} fz="sm">
              {data.applicationForm.name}
            </Anchor>
            <Text fz="xs" c="dimmed">
              {formatFileSize(data.applicationForm.size)}
            </Text>
          </Group>
        )}
        <Paper withBorder radius="md" p="md">
          <PostSections post={data} />
        </Paper>
      </Stack>
      <ConfirmDeleteDialog
        {...deletion.dialog}
        subject={data.vacancy}
        message={
          data.applicationCount > 0
            ? t('recruitment.deleteWithApplications', { count: data.applicationCount })
            : undefined
        }
      />
      <ResultDialog state={result} />
    </>
  );
}

export default ManagePostDetailPage;
