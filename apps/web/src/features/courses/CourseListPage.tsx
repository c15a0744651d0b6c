import type { TCourse, TCourseListItem } from '@academy/contract';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconBook, IconEdit, IconListTree, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../components/DataTable';
import { MessageDialog } from '../../components/MessageDialog';
import { PageHeader } from '../../components/PageHeader';
import { useListParams } from '../../lib/use-list-params';
import { useServices } from '../org/api';
import { useCourseList } from './api';
import { CourseFormModal } from './CourseFormModal';
import { DeleteItemDialog, type DeleteTarget } from './DeleteItemDialog';
import { useCourseActions } from './permissions';

type Result = { message: string; kind: 'success' | 'error' } | null;

/** /management/course: every course, searchable by name and filtered by service. */
export function CourseListPage() {
  const { t } = useTranslation();
  const actions = useCourseActions();
  const params = useListParams();
  const serviceId = params.filters.serviceId;
  const list = useCourseList({ page: params.page, size: params.size, q: params.q, serviceId });
  const services = useServices();
  const [search, setSearch] = useState(params.q);
  const [editing, setEditing] = useState<TCourse | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<DeleteTarget | null>(null);
  const [result, setResult] = useState<Result>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const applySearch = useDebouncedCallback((q: string) => params.update({ q }), 300);

  useEffect(() => setSearch(params.q), [params.q]);

  const columns: Column<TCourseListItem>[] = [
    {
      key: 'image',
      header: t('courseAdmin.image'),
      width: 96,
      render: (course) =>
        course.image ? (
          <Image src={course.image} alt="" w={72} h={44} fit="cover" radius="sm" />
        ) : (
          <Stack w={72} h={44} align="center" justify="center" bg="brand.0" style={{ borderRadius: 4 }}>
            <IconBook size={20} color="#251A5B" aria-hidden />
          </Stack>
        ),
    },
    {
      key: 'name',
      header: t('courseAdmin.courseName'),
      render: (course) => (
        <Stack gap={4} miw={220}>
          <Anchor component={Link} to={`/management/course/${course.id}`} fw={600} c="brand.9">
            {course.name}
          </Anchor>
          <Group gap={4}>
            <Badge size="xs" variant="light" color={course.ordered ? 'brand.9' : 'gray'}>
              {course.ordered ? t('courseAdmin.ordered') : t('courseAdmin.unordered')}
            </Badge>
            {course.featured && (
              <Badge size="xs" variant="light" color="accent.6">
                {t('courseAdmin.featuredBadge')}
              </Badge>
            )}
            {course.mustCompleteBeforeNext && (
              <Badge size="xs" variant="outline" color="brand.9">
                {t('courseAdmin.mustCompleteBadge')}
              </Badge>
            )}
          </Group>
        </Stack>
      ),
    },
    { key: 'service', header: t('courseAdmin.service'), render: (course) => course.serviceName },
    {
      key: 'outline',
      header: t('courseAdmin.outline'),
      width: 150,
      render: (course) => (
        <Text fz="sm">
          {t('academy.topicCount', { count: course.topicCount })}
          <br />
          {t('academy.lessonCount', { count: course.lessonCount })}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      width: 170,
      align: 'right',
      render: (course) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('courseAdmin.topics')}>
            <ActionIcon
              component={Link}
              to={`/management/course/${course.id}`}
              variant="subtle"
              color="brand.9"
              aria-label={`${t('courseAdmin.topics')}: ${course.name}`}
            >
              <IconListTree size={18} />
            </ActionIcon>
          </Tooltip>
          {actions.canEdit && (
            <Tooltip label={t('common.edit')}>
              <ActionIcon
                variant="subtle"
                color="brand.9"
                aria-label={`${t('common.edit')} ${course.name}`}
                onClick={() => setEditing(course)}
              >
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {actions.canDelete && (
            <Tooltip label={t('common.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('common.delete')} ${course.name}`}
                onClick={() => setToDelete(course)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('management.areas.course')}
        actions={
          actions.canAdd && (
            <Button leftSection={<IconPlus size={16} />} color="accent.6" onClick={() => setEditing('new')}>
              {t('courseAdmin.addCourse')}
            </Button>
          )
        }
      />
      <Group mb="md" gap="sm" align="flex-end" grow preventGrowOverflow={false}>
        <TextInput
          aria-label={t('common.search')}
          placeholder={t('courseAdmin.searchCourses')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          maw={{ base: '100%', sm: 360 }}
          miw={200}
        />
        <Select
          aria-label={t('courseAdmin.service')}
          placeholder={t('courseAdmin.allServices')}
          data={(services.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={serviceId ?? null}
          onChange={(value) => params.update({ serviceId: value })}
          clearable
          maw={{ base: '100%', sm: 240 }}
          miw={180}
          data-testid="course-service-filter"
        />
      </Group>
      <DataTable
        testId="courses-table"
        columns={columns}
        rows={list.data?.items}
        rowKey={(course) => course.id}
        loading={list.isPending}
        error={list.error}
        numbered
        total={list.data?.total}
        page={params.page}
        size={params.size}
        onPageChange={(page) => params.update({ page })}
        emptyText={t('courseAdmin.noCourses')}
      />
      <CourseFormModal
        opened={editing !== null}
        course={editing === 'new' ? undefined : (editing ?? undefined)}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setResult({
            kind: 'success',
            message: editing === 'new' ? t('courseAdmin.courseAdded') : t('courseAdmin.courseSaved'),
          });
          setEditing(null);
        }}
      />
      <DeleteItemDialog
        kind="courses"
        target={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={() => {
          setToDelete(null);
          setResult({ kind: 'success', message: t('courseAdmin.courseDeleted') });
        }}
        onFailed={(message) => {
          setToDelete(null);
          setResult({ kind: 'error', message });
        }}
      />
      <MessageDialog message={result?.message ?? null} kind={result?.kind} onClose={closeResult} />
    </>
  );
}

export default CourseListPage;
