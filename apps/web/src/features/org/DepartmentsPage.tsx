import type { TDepartment } from '@academy/contract';
import { Badge, Group, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  type Column,
  DeleteAction,
  EditAction,
  ListPage,
  ListSearch,
  RowActions,
  useConfirmDelete,
  useEditing,
  useResult,
} from '../../components/management';
import { useListParams } from '../../lib/use-list-params';
import { branchGroups, useBranches, useDeleteDepartment, useDepartmentList } from './api';
import { DepartmentFormModal } from './DepartmentFormModal';

/** /management/department: departments, searchable by name and filtered by branch, paged. */
export function DepartmentsPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const branchId = list.filters.branchId ? Number(list.filters.branchId) : undefined;
  const departments = useDepartmentList({
    page: list.page,
    size: list.size,
    q: list.q,
    branchId,
  });
  const branches = useBranches();
  const editing = useEditing<TDepartment>();
  const result = useResult();
  const deletion = useConfirmDelete<TDepartment>(useDeleteDepartment(), t('org.departments.deleted'), result);

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
    {
      key: 'actions',
      header: t('common.actions'),
      width: 110,
      align: 'right',
      render: (d) => (
        <RowActions>
          <EditAction subject={d.name} onClick={() => editing.edit(d)} />
          <DeleteAction subject={d.name} onClick={() => deletion.ask(d)} />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      title={t('management.areas.department')}
      actions={<AddButton label={t('org.departments.add')} onClick={editing.add} />}
      toolbar={
        <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
          <ListSearch
            q={list.q}
            onSearch={(q) => list.update({ q })}
            placeholder={t('org.departments.searchPlaceholder')}
            w={{ base: '100%', sm: 280 }}
            testId="department-search"
          />
          <Select
            aria-label={t('org.departments.filterBranch')}
            placeholder={t('org.departments.allBranches')}
            data={branchGroups(branches.data)}
            value={list.filters.branchId ?? null}
            onChange={(value) => list.update({ branchId: value })}
            clearable
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
        onSaved={() => {
          result.succeed(editing.isNew ? t('org.departments.added') : t('org.departments.saved'));
          editing.close();
        }}
      />
    </ListPage>
  );
}

export default DepartmentsPage;
