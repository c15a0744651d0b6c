import {
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Container,
  Grid,
  Group,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { NotFound } from '../../components/NotFound';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { RichContent } from '../../components/RichContent';
import { ApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { useNewsDetail } from './api';
import { NewsCard } from './NewsCard';

/** `/news/{id}`: the article and related news. */
export function NewsDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const detail = useNewsDetail(id);
  const news = detail.data;

  useEffect(() => {
    if (news) document.title = news.title;
  }, [news]);

  if (!Number.isInteger(id) || id <= 0 || (detail.error instanceof ApiError && detail.error.status === 404)) {
    return <NotFound />;
  }
  if (detail.error) {
    return (
      <Container size="lg" py="xl">
        <Alert color="red">{detail.error.message}</Alert>
      </Container>
    );
  }
  if (!news) {
    return <Loading py={80} />;
  }

  return (
    <Container size="xl" py="xl">
      <Grid gutter={{ base: 'md', md: 40 }}>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <article data-testid="news-article">
            <Breadcrumbs mb="md" fz="sm">
              <Anchor component={Link} to={`/news?service=${news.serviceId}`}>
                {news.serviceName}
              </Anchor>
              <Anchor
                component={Link}
                to={`/news?service=${news.serviceId}`}
                state={{ categoryId: news.categoryId }}
              >
                {news.categoryName}
              </Anchor>
            </Breadcrumbs>
            <Title order={1} c="var(--academy-ink)" fz={{ base: 26, md: 36 }} lh={1.25}>
              {news.title}
            </Title>
            <Group gap="xs" mt="sm" mb="lg">
              <Badge variant="light" color="accent.6">
                {news.categoryName}
              </Badge>
              <Text fz="sm" c="dimmed">
                {formatDate(news.createdAt)}
              </Text>
            </Group>
            <Text fz="lg" fw={600} c="var(--academy-ink)" mb="lg">
              {news.description}
            </Text>
            {news.imageSet && (
              <Box mb="lg">
                <ResponsiveImage
                  image={news.imageSet}
                  alt=""
                  sizes="(max-width: 62em) 100vw, 860px"
                  priority
                  style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 12 }}
                />
              </Box>
            )}
            <RichContent html={news.content} testId="news-content" />
          </article>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          {news.related.length > 0 && (
            <Stack gap="md" component="aside" aria-label={t('news.related')} data-testid="related-news">
              <Title order={2} c="var(--academy-ink)" fz="xl">
                {t('news.related')}
              </Title>
              {news.related.map((item) => (
                <NewsCard key={item.id} news={item} sizes="(max-width: 62em) 100vw, 400px" />
              ))}
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    </Container>
  );
}

export default NewsDetailPage;
