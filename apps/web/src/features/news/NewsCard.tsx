import type { TNewsSummary } from '@academy/contract';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { formatDate } from '../../lib/format';

/**
 * A news tile: picture, category, title, short description and date; opens the article. Its title
 * is a heading one level below the section holding it (h2 straight under a page's h1).
 */
export function NewsCard({
  news,
  sizes,
  heading = 'h3',
}: {
  news: TNewsSummary;
  sizes?: string;
  heading?: 'h2' | 'h3';
}) {
  return (
    <Card
      component={Link}
      to={`/news/${news.id}`}
      withBorder
      radius="lg"
      padding="md"
      shadow="xs"
      data-testid="news-card"
      style={{ height: '100%' }}
    >
      <Card.Section>
        {news.imageSet ? (
          <ResponsiveImage
            image={news.imageSet}
            alt=""
            sizes={sizes ?? '(max-width: 48em) 100vw, (max-width: 75em) 50vw, 400px'}
            style={{ display: 'block', width: '100%', height: 190, objectFit: 'cover' }}
          />
        ) : (
          <Stack h={190} align="center" justify="center" bg="var(--academy-tint)">
            <IconNews size={48} style={{ color: 'var(--academy-ink)' }} aria-hidden />
          </Stack>
        )}
      </Card.Section>
      <Stack gap={6} mt="md">
        <Group gap={6}>
          <Badge variant="light" color="accent.6" size="sm">
            {news.categoryName}
          </Badge>
          <Text fz="xs" c="dimmed">
            {formatDate(news.createdAt)}
          </Text>
        </Group>
        <Text fw={700} c="var(--academy-ink)" lineClamp={2} component={heading} m={0} fz="md">
          {news.title}
        </Text>
        <Text fz="sm" c="dimmed" lineClamp={3}>
          {news.description}
        </Text>
      </Stack>
    </Card>
  );
}
