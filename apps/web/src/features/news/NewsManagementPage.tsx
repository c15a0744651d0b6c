import type { TNewsSummary } from '@academy/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCategory, IconEdit, IconEye, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { MessageDialog } from '../../components/MessageDialog';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { serviceOptions, useServices } from '../org/api';
import { useDeleteNews, useNewsAdminList, useNewsCategories, useSetNewsVisibility } from './api';
import { CategoriesModal } from './CategoriesModal';

type Result = { message: string; kind: 'success' | 'error' } | null;

/** /management/news: search and filter news; add, edit, preview, delete, show/hide on home. */
export function NewsManagementPage() {
  const { t } = useTranslation();
  const list = useListParams(10);
  const { filters } = list;
  const news = useNewsAdminList({
    q: list.q,
    tradeMarkId: filters.service,
    categoryNewsId: filters.category,
    outstanding: filters.outstanding,
    hiddenFromHome: filters.hidden,
    page: list.page,
    size: list.size,
    sort: 'id,desc',
  });
  const services = useServices();
  const categories = useNewsCategories();
  const visibility = useSetNewsVisibility();
  const remove = useDeleteNews();
  const [toDelete, setToDelete] = useState<TNewsSummary | null>(null);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const search = useDebouncedCallback((q: string) => list.update({ q }), 300);

  function toggleHome(item: TNewsSummary, shown: boolean) {
    visibility.mutate(
      { id: item.id, hiddenFromHome: !shown },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: shown ? t('newsAdmin.shownOnHome') : t('newsAdmin.hiddenFromHome'),
          }),
        onError: (error) => setResult({ kind: 'error', message: error.message }),
      },
    );
  }

  const columns: Column<TNewsSummary>[] = [
    {
      key: 'image',
      header: t('newsAdmin.image'),
      width: 100,
      render: (item) =>
        item.imageSet ? (
          <Image
            src={item.imageSet.srcset.split(' ')[0]}
            alt=""
            w={80}
            h={48}
            fit="cover"
            radius="sm"
            loading="lazy"
          />
        ) : (
          '—'
        ),
    },
    {
      key: 'title',
      header: t('newsAdmin.titleColumn'),
      render: (item) => (
        <Stack gap={2}>
          <Anchor component={Link} to={`/management/news/${item.id}`} fw={600} c="brand.9" lineClamp={2}>
            {item.title}
          </Anchor>
          <Text fz="xs" c="dimmed">
            {formatDate(item.createdAt)}
          </Text>
        </Stack>
      ),
    },
    { key: 'category', header: t('newsAdmin.category'), render: (item) => item.categoryName },
    { key: 'service', header: t('newsAdmin.service'), render: (item) => item.serviceName },
    {
      key: 'outstanding',
      header: t('newsAdmin.outstanding'),
      width: 110,
      render: (item) =>
        item.outstanding ? (
          <Badge color="accent.6" variant="light">
            {t('newsAdmin.outstandingBadge')}
          </Badge>
        ) : null,
    },
    {
      key: 'home',
      header: t('newsAdmin.showOnHome'),
      width: 120,
      render: (item) => (
        <Switch
          checked={!item.hiddenFromHome}
          onChange={(event) => toggleHome(item, event.currentTarget.checked)}
          color="accent.6"
          aria-label={`${t('newsAdmin.showOnHome')}: ${item.title}`}
          disabled={visibility.isPending && visibility.variables?.id === item.id}
        />
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      width: 130,
      align: 'right',
      render: (item) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('newsAdmin.preview')}>
            <ActionIcon
              component={Link}
              to={`/management/news/${item.id}`}
              variant="subtle"
              aria-label={`${t('newsAdmin.preview')} ${item.title}`}
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.edit')}>
            <ActionIcon
              component={Link}
              to={`/management/news/edit-news/${item.id}`}
              variant="subtle"
              aria-label={`${t('common.edit')} ${item.title}`}
            >
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('common.delete')} ${item.title}`}
              onClick={() => setToDelete(item)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  const flagOptions = [
    { value: 'true', label: t('org.yes') },
    { value: 'false', label: t('org.no') },
  ];

  return (
    <>
      <PageHeader
        title={t('management.areas.news')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconCategory size={16} />}
              onClick={() => setCategoriesOpen(true)}
            >
              {t('newsAdmin.categories')}
            </Button>
            <Button
              component={Link}
              to="/management/news/add-news"
              leftSection={<IconPlus size={16} />}
              color="accent.6"
            >
              {t('newsAdmin.add')}
            </Button>
          </>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} mb="md" spacing="sm">
        <TextInput
          leftSection={<IconSearch size={16} />}
          placeholder={t('newsAdmin.searchPlaceholder')}
          aria-label={t('common.search')}
          defaultValue={list.q}
          onChange={(event) => search(event.currentTarget.value)}
        />
        <Select
          placeholder={t('newsAdmin.service')}
          aria-label={t('newsAdmin.service')}
          data={serviceOptions(services.data)}
          value={filters.service ?? null}
          onChange={(value) => list.update({ service: value })}
          clearable
        />
        <Select
          placeholder={t('newsAdmin.category')}
          aria-label={t('newsAdmin.category')}
          data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={filters.category ?? null}
          onChange={(value) => list.update({ category: value })}
          clearable
        />
        <Select
          placeholder={t('newsAdmin.outstanding')}
          aria-label={t('newsAdmin.outstanding')}
          data={flagOptions}
          value={filters.outstanding ?? null}
          onChange={(value) => list.update({ outstanding: value })}
          clearable
        />
        <Select
          placeholder={t('newsAdmin.hiddenFilter')}
          aria-label={t('newsAdmin.hiddenFilter')}
          data={flagOptions}
          value={filters.hidden ?? null}
          onChange={(value) => list.update({ hidden: value })}
          clearable
        />
      </SimpleGrid>
      <DataTable
        testId="news-table"
        columns={columns}
        rows={news.data?.items}
        rowKey={(item) => item.id}
        loading={news.isPending}
        error={news.error}
        numbered
        total={news.data?.total}
        page={list.page}
        size={list.size}
        onPageChange={(page) => list.update({ page })}
        emptyText={t('newsAdmin.empty')}
      />
      <CategoriesModal opened={categoriesOpen} onClose={() => setCategoriesOpen(false)} />
      <ConfirmDeleteDialog
        opened={toDelete !== null}
        subject={toDelete?.title}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onSuccess: () => setResult({ kind: 'success', message: t('newsAdmin.deleted') }),
            onError: (error) => setResult({ kind: 'error', message: error.message }),
            onSettled: () => setToDelete(null),
          });
        }}
      />
      <MessageDialog message={result?.message ?? null} kind={result?.kind} onClose={closeResult} />
    </>
  );
}

export default NewsManagementPage;
