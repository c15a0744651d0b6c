import type { TCourse, TCourseListItem } from '@academy/contract';
import { Anchor, Badge, Group, Image, Select, Stack, Text } from '@mantine/core';
import { IconBook, IconListTree } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AddButton,
  actionsColumn,
  type Column,
  ListPage,
  ListSearch,
  pagedTable,
  serviceOptions,
  useEditing,
  useResult,
} from '../../components/management';
import { useListParams } from '../../lib/use-list-params';
import { useServices } from '../org';
import { useCourseList } from './api';
import { CourseFormModal } from './CourseFormModal';
import { CourseItemActions } from './CourseItemActions';
import { DeleteItemDialog, type DeleteTarget } from './DeleteItemDialog';
import { useCourseActions } from './permissions';

/** /management/course: every course, searchable by name and filtered by service. */
export function CourseListPage() {
  const { t } = useTranslation();
  const actions = useCourseActions();
  const params = useListParams();
  const serviceId = params.filters.serviceId;
  const list = useCourseList({ page: params.page, size: params.size, q: params.q, serviceId });
  const services = useServices();
  const editing = useEditing<TCourse>();
  const [toDelete, setToDelete] = useState<DeleteTarget | null>(null);
  const result = useResult();

  const columns: Column<TCourseListItem>[] = [
    {
      key: 'image',
      header: t('courseAdmin.image'),
      width: 96,
      render: (course) =>
        course.image ? (
          <Image src={course.image} alt="" w={72} h={44} fit="cover" radius="sm" />
        ) : (
          <Stack
            w={72}
            h={44}
            align="center"
            justify="center"
            bg="var(--academy-tint)"
            style={{ borderRadius: 4 }}
          >
            <IconBook size={20} color="#251A5B" aria-hidden />
          </Stack>
        ),
    },
    {
      key: 'name',
      header: t('courseAdmin.courseName'),
      render: (course) => (
        <Stack gap={4} miw={220}>
          <Anchor component={Link} to={`/management/course/${course.id}`} fw={600} c="var(--academy-ink)">
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
    actionsColumn(170, (course) => (
      <CourseItemActions
        name={course.name}
        open={{
          to: `/management/course/${course.id}`,
          label: t('courseAdmin.topics'),
          icon: <IconListTree size={18} />,
        }}
        onEdit={() => editing.edit(course)}
        onDelete={() => setToDelete(course)}
      />
    )),
  ];

  return (
    <ListPage
      title={t('management.areas.course')}
      actions={actions.canAdd && <AddButton label={t('courseAdmin.addCourse')} onClick={editing.add} />}
      toolbar={
        <Group mb="md" gap="sm" align="flex-end" grow preventGrowOverflow={false}>
          <ListSearch
            list={params}
            placeholder={t('courseAdmin.searchCourses')}
            maw={{ base: '100%', sm: 360 }}
            miw={200}
          />
          <Select
            aria-label={t('courseAdmin.service')}
            placeholder={t('courseAdmin.allServices')}
            data={serviceOptions(services.data)}
            value={serviceId ?? null}
            onChange={(value) => params.update({ serviceId: value })}
            clearable
            maw={{ base: '100%', sm: 240 }}
            miw={180}
            data-testid="course-service-filter"
          />
        </Group>
      }
      table={{
        testId: 'courses-table',
        columns,
        rowKey: (course) => course.id,
        ...pagedTable(list, params),
        loading: list.isPending,
        numbered: true,
        emptyText: t('courseAdmin.noCourses'),
      }}
      result={result}
    >
      <CourseFormModal
        opened={editing.opened}
        course={editing.item}
        onClose={editing.close}
        onSaved={editing.savedWith(result, t('courseAdmin.courseAdded'), t('courseAdmin.courseSaved'))}
      />
      <DeleteItemDialog
        kind="courses"
        target={toDelete}
        onClose={() => setToDelete(null)}
        result={result}
        deleted={t('courseAdmin.courseDeleted')}
      />
    </ListPage>
  );
}

export default CourseListPage;
