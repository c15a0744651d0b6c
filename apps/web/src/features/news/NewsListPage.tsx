import { Alert, Chip, Container, Group, Pagination, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ChipRow } from '../../components/ChipRow';
import { Loading } from '../../components/Loading';
import { usePaginationLabels } from '../../components/pagination';
import { useServices } from '../org';
import { useNewsCategories, useSearchNews } from './api';
import { NewsCard } from './NewsCard';

const PAGE_SIZE = 9;

/**
 * `/news?service=<id>`: the news of one service (default: the first by id), filtered by category.
 * A category chosen elsewhere (the footer) arrives in the navigation state as `categoryId`.
 */
export function NewsListPage() {
  const { t } = useTranslation();
  const pageLabels = usePaginationLabels();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const services = useServices();
  const requested = Number(searchParams.get('service'));
  const service =
    services.data?.find((s) => s.id === requested) ?? (services.data ? services.data[0] : undefined);
  const stateCategory = (location.state as { categoryId?: number } | null)?.categoryId;
  const [categoryId, setCategoryId] = useState<number | undefined>(stateCategory);
  const [page, setPage] = useState(0);

  // A new service or a category picked from the footer starts again on the first page. Keyed by
  // the address, not the loaded service: the services arriving must not undo a category just picked.
  const selectionKey = `${searchParams.get('service') ?? ''}:${stateCategory ?? ''}`;
  const [seenKey, setSeenKey] = useState(selectionKey);
  if (selectionKey !== seenKey) {
    setSeenKey(selectionKey);
    setCategoryId(stateCategory);
    setPage(0);
  }

  const categories = useNewsCategories(service?.id);
  const list = useSearchNews({ serviceId: service?.id, categoryId, page, size: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const chips = useMemo(() => categories.data ?? [], [categories.data]);

  useEffect(() => {
    if (service) document.title = `${t('news.title')} · ${service.name}`;
  }, [service, t]);

  if (services.data && services.data.length === 0) {
    return (
      <Container size="xl" py="xl">
        <Text c="dimmed">{t('news.noServices')}</Text>
      </Container>
    );
  }

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Text c="var(--academy-accent-text)" fw={700} tt="uppercase" fz="sm">
            {t('news.title')}
          </Text>
          <Title order={1} c="var(--academy-ink)" fz={{ base: 28, md: 36 }}>
            {service?.name ?? t('news.title')}
          </Title>
        </div>
        {(!services.data || services.data.length > 1) && (
          <ChipRow label={t('news.services')}>
            {services.data?.map((s) => (
              <Chip
                key={s.id}
                checked={s.id === service?.id}
                onChange={() => setSearchParams({ service: String(s.id) })}
                color="brand.9"
                variant="outline"
              >
                {s.name}
              </Chip>
            ))}
          </ChipRow>
        )}
        <Chip.Group
          value={categoryId ? String(categoryId) : 'all'}
          onChange={(value) => {
            setCategoryId(value === 'all' ? undefined : Number(value));
            setPage(0);
          }}
        >
          <ChipRow testId="news-categories">
            <Chip value="all" color="accent.6">
              {t('news.allCategories')}
            </Chip>
            {chips.map((category) => (
              <Chip key={category.id} value={String(category.id)} color="accent.6">
                {category.name} ({category.newsCount})
              </Chip>
            ))}
          </ChipRow>
        </Chip.Group>
        {list.error && <Alert color="red">{list.error.message}</Alert>}
        {list.isPending && service ? (
          <Loading />
        ) : list.data?.items.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('news.empty')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" data-testid="news-list">
            {list.data?.items.map((item) => (
              <NewsCard key={item.id} news={item} heading="h2" />
            ))}
          </SimpleGrid>
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page + 1}
              onChange={(value) => setPage(value - 1)}
              {...pageLabels}
            />
          </Group>
        )}
      </Stack>
    </Container>
  );
}

export default NewsListPage;
