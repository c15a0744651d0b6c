import { RECRUITMENT_MESSAGES } from '@academy/contract';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconClockX, IconFileTypeDoc, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { usePublicPost } from './api';
import { formatDeadline, formatFileSize, STATUS_COLORS } from './format';
import { PostFacts, PostSections } from './PostDetails';

/** /recruitment/{id}: everything about a post, its blank application form, and Apply. */
export function RecruitmentDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const post = usePublicPost(id);

  if (post.isPending && Number.isInteger(id) && id > 0) return <Loading py={80} />;
  if (!post.data)
    return (
      <Container size="md" py={60}>
        <Alert
          color="red"
          title={post.error?.message ?? RECRUITMENT_MESSAGES.postNotFound}
          data-testid="post-missing"
        >
          <Anchor component={Link} to="/recruitment">
            {t('recruitment.backToList')}
          </Anchor>
        </Alert>
      </Container>
    );

  const data = post.data;
  const closed = data.status === 'CLOSED';
  const applyPanel = (
    <Paper withBorder radius="lg" p="lg" shadow="xs" data-testid="apply-panel">
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          {data.endDate
            ? t(closed ? 'recruitment.closedOn' : 'recruitment.applyBy', {
                date: formatDeadline(t, data.endDate),
              })
            : t('recruitment.noDeadline')}
        </Text>
        {closed ? (
          <Alert color="gray" icon={<IconClockX size={18} />} data-testid="deadline-passed">
            {RECRUITMENT_MESSAGES.deadlinePassed}
          </Alert>
        ) : (
          <Button
            component={Link}
            to={`/recruitment/${data.id}/apply`}
            color="accent.6"
            size="md"
            leftSection={<IconSend size={18} />}
            fullWidth
            data-testid="apply-button"
          >
            {t('recruitment.applyNow')}
          </Button>
        )}
        {data.applicationForm && (
          <Button
            component="a"
            href={data.applicationForm.url}
            download={data.applicationForm.name}
            variant="light"
            leftSection={<IconFileTypeDoc size={18} />}
            fullWidth
            data-testid="download-form"
          >
            {t('recruitment.downloadForm', { size: formatFileSize(data.applicationForm.size) })}
          </Button>
        )}
        {data.applicationForm && (
          <Text fz="xs" c="dimmed">
            {t('recruitment.formHint')}
          </Text>
        )}
      </Stack>
    </Paper>
  );

  return (
    <>
      <Box bg="brand.9" c="white" py={{ base: 28, md: 44 }} px="md">
        <Container size="xl">
          <Anchor component={Link} to="/recruitment" c="gray.3" fz="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} /> {t('recruitment.backToList')}
            </Group>
          </Anchor>
          <Group gap="sm" mt="sm">
            <Badge color="accent.6">{data.branchName}</Badge>
            <Badge color={STATUS_COLORS[data.status]} variant="white" data-testid="post-status">
              {t(`recruitment.status.${data.status}`)}
            </Badge>
          </Group>
          <Title order={1} fz={{ base: 26, md: 40 }} mt="sm" data-testid="post-title">
            {data.vacancy}
          </Title>
          <Text c="gray.3" mt={4}>
            {data.serviceName}
          </Text>
        </Container>
      </Box>
      <Container size="xl" py="xl">
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
            <Stack gap="xl">
              {data.banner && <Image src={data.banner} alt="" radius="lg" mah={280} fit="cover" />}
              <PostFacts post={data} />
              <PostSections post={data} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
            <Box pos={{ base: 'static', md: 'sticky' }} top={110}>
              {applyPanel}
            </Box>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}

export default RecruitmentDetailPage;
