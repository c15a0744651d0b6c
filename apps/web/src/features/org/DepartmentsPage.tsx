import type { TDepartment } from '@academy/contract';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  actionsColumn,
  branchGroups,
  type Column,
  EditDeleteActions,
  FilterSelect,
  ListPage,
  ListSearch,
  useEditing,
  useManagedList,
} from '../../components/management';
import { useBranches, useDepartmentList } from './api';
import { DepartmentFormModal } from './DepartmentFormModal';
import { useDeleteDepartment } from './manage-api';

/** /management/department: departments, searchable by name and filtered by branch, paged. */
export function DepartmentsPage() {
  const { t } = useTranslation();
  const { list, result, deletion } = useManagedList<TDepartment>(
    useDeleteDepartment(),
    t('org.departments.deleted'),
  );
  const branchId = list.filters.branchId ? Number(list.filters.branchId) : undefined;
  // The departments this user manages: their branch's or service's (issue 20); admins see all.
  const departments = useDepartmentList({
    page: list.page,
    size: list.size,
    q: list.q,
    branchId,
    managed: 'true',
  });
  const branches = useBranches();
  const editing = useEditing<TDepartment>();

  const columns: Column<TDepartment>[] = [
    {
      key: 'name',
      header: t('org.departments.name'),
      render: (d) => (
        <Text fw={600} fz="sm">
          {d.name}
        </Text>
      ),
    },
    { key: 'branch', header: t('org.departments.branch'), render: (d) => d.branchName },
    { key: 'service', header: t('org.departments.service'), render: (d) => d.serviceName },
    {
      key: 'users',
      header: t('org.departments.users'),
      width: 100,
      align: 'center',
      render: (d) => (
        <Badge variant="light" color={d.userCount > 0 ? 'brand' : 'gray'}>
          {d.userCount}
        </Badge>
      ),
    },
    actionsColumn(110, (d) => (
      <EditDeleteActions subject={d.name} onEdit={() => editing.edit(d)} onDelete={() => deletion.ask(d)} />
    )),
  ];

  return (
    <ListPage
      title={t('management.areas.department')}
      actions={<AddButton label={t('org.departments.add')} onClick={editing.add} />}
      toolbar={
        <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
          <ListSearch
            list={list}
            placeholder={t('org.departments.searchPlaceholder')}
            w={{ base: '100%', sm: 280 }}
            testId="department-search"
          />
          <FilterSelect
            list={list}
            name="branchId"
            label={t('org.departments.filterBranch')}
            placeholder={t('org.departments.allBranches')}
            data={branchGroups(branches.data)}
            searchable
            w={{ base: '100%', sm: 260 }}
            data-testid="department-branch-filter"
          />
        </Group>
      }
      table={{
        testId: 'departments-table',
        columns,
        rows: departments.data?.items,
        rowKey: (d) => d.id,
        loading: departments.isPending || departments.isPlaceholderData,
        error: departments.error,
        total: departments.data?.total,
        page: list.page,
        size: list.size,
        onPageChange: (page) => list.update({ page }),
        numbered: true,
        emptyText: list.q || branchId ? t('org.departments.noMatch') : t('org.departments.empty'),
      }}
      result={result}
      deletion={deletion}
      deleteSubject={(d) => d.name}
    >
      <DepartmentFormModal
        opened={editing.opened}
        department={editing.item}
        defaultBranchId={branchId}
        onClose={editing.close}
        onSaved={editing.savedWith(result, t('org.departments.added'), t('org.departments.saved'))}
      />
    </ListPage>
  );
}

export default DepartmentsPage;
