import {
  Box,
  Container,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePaginationLabels } from '../../components/pagination';
import { useListParams } from '../../lib/use-list-params';
import { usePublicPosts, useRecruitmentBranches } from './api';
import { PostCard } from './PostCard';

const PAGE_SIZE = 12;

/** /recruitment: open posts (or all, closed ones marked), searchable, filtered by branch. */
export function RecruitmentListPage() {
  const { t } = useTranslation();
  const pageLabels = usePaginationLabels();
  const list = useListParams(PAGE_SIZE);
  const status = list.filters.status === 'all' ? 'all' : 'open';
  const posts = usePublicPosts({
    q: list.q,
    branchId: list.filters.branchId,
    status,
    page: list.page,
    size: list.size,
  });
  const branches = useRecruitmentBranches();
  const search = useDebouncedCallback((q: string) => list.update({ q }), 300);
  const pages = Math.max(1, Math.ceil((posts.data?.total ?? 0) / list.size));

  return (
    <>
      <Box bg="brand.9" c="white" py={{ base: 32, md: 56 }} px="md">
        <Container size="xl">
          <Title order={1} fz={{ base: 28, md: 42 }}>
            {t('recruitment.title')}
          </Title>
          <Text mt="sm" c="gray.3" maw={640} fz={{ base: 'sm', md: 'md' }}>
            {t('recruitment.intro')}
          </Text>
        </Container>
      </Box>
      <Container size="xl" py="xl">
        <Group gap="sm" mb="lg" align="flex-end" wrap="wrap">
          <TextInput
            style={{ flex: '1 1 240px' }}
            aria-label={t('common.search')}
            placeholder={t('recruitment.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            defaultValue={list.q}
            onChange={(event) => search(event.currentTarget.value)}
            data-testid="recruitment-search"
          />
          <Select
            style={{ flex: '1 1 220px' }}
            aria-label={t('recruitment.branch')}
            placeholder={t('recruitment.allBranches')}
            data={(branches.data ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            value={list.filters.branchId ?? null}
            onChange={(value) => list.update({ branchId: value })}
            clearable
            data-testid="recruitment-branch"
          />
          <SegmentedControl
            value={status}
            onChange={(value) => list.update({ status: value === 'all' ? 'all' : null })}
            data={[
              { value: 'open', label: t('recruitment.openOnly') },
              { value: 'all', label: t('recruitment.includeClosed') },
            ]}
            color="accent.6"
            data-testid="recruitment-status"
          />
        </Group>
        {posts.isError && <Text c="red">{posts.error.message}</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {posts.isPending &&
            ['a', 'b', 'c', 'd', 'e', 'f'].map((slot) => <Skeleton key={slot} h={300} radius="lg" />)}
          {posts.data?.items.map((post) => (
            <PostCard key={post.id} post={post} />
          ))}
        </SimpleGrid>
        {posts.data && posts.data.items.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {t('recruitment.noPosts')}
          </Text>
        )}
        {pages > 1 && (
          <Group justify="center" mt="xl">
            <Pagination
              total={pages}
              value={list.page + 1}
              onChange={(page) => list.update({ page: page - 1 })}
              {...pageLabels}
            />
          </Group>
        )}
      </Container>
    </>
  );
}

export default RecruitmentListPage;
