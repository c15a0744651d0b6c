import { Alert, Anchor, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconExternalLink } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { MessageDialog } from '../../components/MessageDialog';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { RichContent } from '../../components/RichContent';
import { formatDateTime } from '../../lib/format';
import { useNewsDetail } from './api';

/** /management/news/{id}: the article as visitors will see it, with its flags and an edit button. */
export function NewsPreviewPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const location = useLocation();
  const [saved, setSaved] = useState<string | null>(
    (location.state as { saved?: string } | null)?.saved ?? null,
  );
  const closeSaved = useCallback(() => setSaved(null), []);
  const detail = useNewsDetail(id);
  const news = detail.data;

  if (detail.error) return <Alert color="red">{detail.error.message}</Alert>;
  if (!news) {
    return <Loading />;
  }

  return (
    <>
      <Group justify="space-between" mb="md" gap="sm">
        <Anchor component={Link} to="/management/news" fz="sm">
          ← {t('newsAdmin.backToList')}
        </Anchor>
        <Group gap="xs">
          <Button
            component="a"
            href={`/news/${news.id}`}
            target="_blank"
            variant="default"
            leftSection={<IconExternalLink size={16} />}
          >
            {t('newsAdmin.openPublic')}
          </Button>
          <Button
            component={Link}
            to={`/management/news/edit-news/${news.id}`}
            color="accent.6"
            leftSection={<IconEdit size={16} />}
          >
            {t('common.edit')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder p={{ base: 'md', md: 'xl' }} radius="md" data-testid="news-preview">
        <Stack gap="sm" maw={860}>
          <Group gap="xs">
            <Badge variant="light" color="brand.9">
              {news.serviceName}
            </Badge>
            <Badge variant="light" color="accent.6">
              {news.categoryName}
            </Badge>
            {news.outstanding && <Badge color="accent.6">{t('newsAdmin.outstandingBadge')}</Badge>}
            <Badge color={news.hiddenFromHome ? 'gray' : 'green'} variant="outline">
              {news.hiddenFromHome ? t('newsAdmin.hiddenFromHomeBadge') : t('newsAdmin.onHomeBadge')}
            </Badge>
          </Group>
          <Title order={1} size="h2" c="var(--academy-ink)">
            {news.title}
          </Title>
          <Text fz="xs" c="dimmed">
            {t('newsAdmin.updated', { date: formatDateTime(news.updatedAt) })}
          </Text>
          <Text fw={600}>{news.description}</Text>
          {news.imageSet && (
            <Box>
              <ResponsiveImage
                image={news.imageSet}
                alt=""
                sizes="860px"
                style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 8 }}
              />
            </Box>
          )}
          <RichContent html={news.content} />
        </Stack>
      </Paper>
      <MessageDialog message={saved} onClose={closeSaved} />
    </>
  );
}

export default NewsPreviewPage;
