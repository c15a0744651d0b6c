import type { TNewsSummary } from '@academy/contract';
import { Anchor, Badge, Button, Image, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCategory, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AddButton,
  actionsColumn,
  type Column,
  EditDeleteActions,
  FilterSelect,
  ListPage,
  ListSearch,
  pagedTable,
  RowAction,
  serviceOptions,
  useManagedList,
} from '../../components/management';
import { formatDate } from '../../lib/format';
import { useServices } from '../org';
import { useNewsCategories } from './api';
import { CategoriesModal } from './CategoriesModal';
import { useDeleteNews, useNewsAdminList, useSetNewsVisibility } from './manage-api';

/** /management/news: search and filter news; add, edit, preview, delete, show/hide on home. */
export function NewsManagementPage() {
  const { t } = useTranslation();
  const { list, result, deletion } = useManagedList<TNewsSummary>(
    useDeleteNews(),
    t('newsAdmin.deleted'),
    10,
  );
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
  const [categoriesOpen, setCategoriesOpen] = useState(false);

  function toggleHome(item: TNewsSummary, shown: boolean) {
    visibility.mutate(
      { id: item.id, hiddenFromHome: !shown },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: shown ? t('newsAdmin.shownOnHome') : t('newsAdmin.hiddenFromHome'),
          }),
        onError: result.fail,
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
          <Anchor
            component={Link}
            to={`/management/news/${item.id}`}
            fw={600}
            c="var(--academy-ink)"
            lineClamp={2}
          >
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
    actionsColumn(130, (item) => (
      <>
        <RowAction
          label={t('newsAdmin.preview')}
          subject={item.title}
          icon={<IconEye size={18} />}
          to={`/management/news/${item.id}`}
        />
        <EditDeleteActions
          subject={item.title}
          editTo={`/management/news/edit-news/${item.id}`}
          onDelete={() => deletion.ask(item)}
        />
      </>
    )),
  ];

  return (
    <ListPage
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
          <AddButton label={t('newsAdmin.add')} to="/management/news/add-news" />
        </>
      }
      toolbar={
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} mb="md" spacing="sm">
          <ListSearch list={list} placeholder={t('newsAdmin.searchPlaceholder')} />
          <FilterSelect
            list={list}
            name="service"
            label={t('newsAdmin.service')}
            data={serviceOptions(services.data)}
          />
          <FilterSelect
            list={list}
            name="category"
            label={t('newsAdmin.category')}
            data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          />
          <FlagFilter
            label={t('newsAdmin.outstanding')}
            value={filters.outstanding}
            onChange={(value) => list.update({ outstanding: value })}
          />
          <FlagFilter
            label={t('newsAdmin.hiddenFilter')}
            value={filters.hidden}
            onChange={(value) => list.update({ hidden: value })}
          />
        </SimpleGrid>
      }
      table={{
        testId: 'news-table',
        columns,
        rowKey: (item) => item.id,
        ...pagedTable(news, list),
        loading: news.isPending,
        numbered: true,
        emptyText: t('newsAdmin.empty'),
      }}
      result={result}
      deletion={deletion}
      deleteSubject={(item) => item.title}
    >
      <CategoriesModal opened={categoriesOpen} onClose={() => setCategoriesOpen(false)} />
    </ListPage>
  );
}

/** A yes / no / either filter. */
function FlagFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      placeholder={label}
      aria-label={label}
      data={[
        { value: 'true', label: t('org.yes') },
        { value: 'false', label: t('org.no') },
      ]}
      value={value ?? null}
      onChange={onChange}
      clearable
    />
  );
}

export default NewsManagementPage;
