import type { TDepartment } from '@academy/contract';
import { ActionIcon, Badge, Button, Group, Select, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { MessageDialog } from '../../components/MessageDialog';
import { PageHeader } from '../../components/PageHeader';
import { useListParams } from '../../lib/use-list-params';
import { branchGroups, useBranches, useDeleteDepartment, useDepartmentList } from './api';
import { DepartmentFormModal } from './DepartmentFormModal';

type Result = { message: string; kind: 'success' | 'error' } | null;

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
  const remove = useDeleteDepartment();
  const [editing, setEditing] = useState<TDepartment | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<TDepartment | null>(null);
  const [result, setResult] = useState<Result>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const search = useDebouncedCallback((q: string) => list.update({ q }), 300);

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
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('common.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('common.edit')} ${d.name}`}
              onClick={() => setEditing(d)}
            >
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('common.delete')} ${d.name}`}
              onClick={() => setToDelete(d)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('management.areas.department')}
        actions={
          <Button leftSection={<IconPlus size={16} />} color="accent.6" onClick={() => setEditing('new')}>
            {t('org.departments.add')}
          </Button>
        }
      />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          aria-label={t('common.search')}
          placeholder={t('org.departments.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          defaultValue={list.q}
          onChange={(event) => search(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
          data-testid="department-search"
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
      <DataTable
        testId="departments-table"
        columns={columns}
        rows={departments.data?.items}
        rowKey={(d) => d.id}
        loading={departments.isPending || departments.isPlaceholderData}
        error={departments.error}
        total={departments.data?.total}
        page={list.page}
        size={list.size}
        onPageChange={(page) => list.update({ page })}
        numbered
        emptyText={list.q || branchId ? t('org.departments.noMatch') : t('org.departments.empty')}
      />
      <DepartmentFormModal
        opened={editing !== null}
        department={editing === 'new' ? undefined : (editing ?? undefined)}
        defaultBranchId={branchId}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setResult({
            kind: 'success',
            message: editing === 'new' ? t('org.departments.added') : t('org.departments.saved'),
          });
          setEditing(null);
        }}
      />
      <ConfirmDeleteDialog
        opened={toDelete !== null}
        subject={toDelete?.name}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onSuccess: () => setResult({ kind: 'success', message: t('org.departments.deleted') }),
            onError: (error) => setResult({ kind: 'error', message: error.message }),
            onSettled: () => setToDelete(null),
          });
        }}
      />
      <MessageDialog message={result?.message ?? null} kind={result?.kind} onClose={closeResult} />
    </>
  );
}

export default DepartmentsPage;
