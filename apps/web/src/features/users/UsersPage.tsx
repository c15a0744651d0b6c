import { type TUserListItem, USER_ACCESS } from '@academy/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Collapse,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconDownload,
  IconEdit,
  IconFilter,
  IconLock,
  IconLockOpen,
  IconPlus,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../app/auth/AuthProvider';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { MessageDialog } from '../../components/MessageDialog';
import { PageHeader } from '../../components/PageHeader';
import { useListParams } from '../../lib/use-list-params';
import { useAuthorizationOptions } from '../authorizations/api';
import { branchGroups, serviceOptions, useBranches, useDepartmentOptions, useServices } from '../org/api';
import { useDeleteUser, useExportUsers, useSetUserAccess, useUserList } from './api';
import { nextSort, SortHeader } from './SortHeader';

type Result = { message: string; kind: 'success' | 'error' } | null;
const FILTERS = ['serviceId', 'branchId', 'departmentId', 'authorizationId', 'access'] as const;

/** /management/user: searchable, filterable, sortable and paged; add, edit, stop/allow, export. */
export function UsersPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const list = useListParams();
  const { filters } = list;
  const query = {
    q: list.q,
    sort: filters.sort,
    ...Object.fromEntries(FILTERS.map((key) => [key, filters[key]])),
  };
  const users = useUserList({ ...query, page: list.page, size: list.size });
  const services = useServices();
  const branches = useBranches();
  const departments = useDepartmentOptions(filters.branchId ? Number(filters.branchId) : null);
  const authorizations = useAuthorizationOptions();
  const setAccess = useSetUserAccess();
  const remove = useDeleteUser();
  const exportUsers = useExportUsers();
  const [toDelete, setToDelete] = useState<TUserListItem | null>(null);
  const [result, setResult] = useState<Result>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const search = useDebouncedCallback((q: string) => list.update({ q }), 300);
  const wide = useMediaQuery('(min-width: 48em)', true);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersShown = wide || filtersOpen;
  const activeFilters = FILTERS.filter((key) => filters[key]).length;
  const sortHeader = (field: string, label: string) => (
    <SortHeader
      label={label}
      field={field}
      sort={filters.sort}
      onSort={(column) => list.update((latest) => ({ sort: nextSort(latest.get('sort'), column) }))}
    />
  );

  const shownBranches = (branches.data ?? []).filter(
    (branch) => !filters.serviceId || String(branch.serviceId) === filters.serviceId,
  );

  function toggleAccess(user: TUserListItem) {
    const access = user.access === 'STOPPED' ? 'ALLOWED' : 'STOPPED';
    setAccess.mutate(
      { id: user.id, access },
      {
        onSuccess: () =>
          notifications.show({
            color: access === 'STOPPED' ? 'orange' : 'green',
            message: t(access === 'STOPPED' ? 'users.stopped' : 'users.allowed', {
              name: user.fullName ?? user.employeeCode,
            }),
          }),
        onError: (error) => setResult({ kind: 'error', message: error.message }),
      },
    );
  }

  const columns: Column<TUserListItem>[] = [
    {
      key: 'employeeCode',
      header: sortHeader('employeeCode', t('users.employeeCode')),
      width: 130,
      render: (u) => (
        <Text fz="sm" ff="monospace">
          {u.employeeCode}
        </Text>
      ),
    },
    {
      key: 'fullName',
      header: sortHeader('fullName', t('users.fullName')),
      render: (u) => (
        <Stack gap={0}>
          <Text component={Link} to={`/management/user/${u.id}`} fw={600} c="brand.9" fz="sm">
            {u.fullName ?? '—'}
          </Text>
          <Text fz="xs" c="dimmed">
            {u.email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'placement',
      header: t('users.placement'),
      render: (u) => (
        <Stack gap={0}>
          <Text fz="sm">{u.branchName ?? u.serviceName ?? '—'}</Text>
          {u.departmentName && (
            <Text fz="xs" c="dimmed">
              {u.departmentName}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'authorization',
      header: t('users.authorization'),
      render: (u) =>
        u.role === 'ROLE_ADMIN' ? (
          <Badge color="brand" variant="filled" size="sm">
            {t('users.roles.ROLE_ADMIN')}
          </Badge>
        ) : (
          <Text fz="sm">{u.authorizationName ?? '—'}</Text>
        ),
    },
    {
      key: 'access',
      header: t('users.access'),
      width: 110,
      render: (u) => (
        <Badge color={u.access === 'STOPPED' ? 'red' : 'green'} variant="light" size="sm">
          {t(`users.accessValues.${u.access}`)}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      width: 130,
      align: 'right',
      render: (u) => {
        const self = u.id === auth.user?.id;
        // Only administrators may stop or delete an administrator (the API refuses others).
        const untouchable = self || (u.role === 'ROLE_ADMIN' && !auth.isAdmin);
        const stopped = u.access === 'STOPPED';
        const name = u.fullName ?? u.employeeCode;
        return (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={t('common.edit')}>
              <ActionIcon
                component={Link}
                to={`/management/user/${u.id}`}
                variant="subtle"
                aria-label={`${t('common.edit')} ${name}`}
              >
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={stopped ? t('users.allowAccess') : t('users.stopAccess')}>
              <ActionIcon
                variant="subtle"
                color={stopped ? 'green' : 'orange'}
                disabled={untouchable}
                loading={setAccess.isPending && setAccess.variables?.id === u.id}
                onClick={() => toggleAccess(u)}
                aria-label={`${stopped ? t('users.allowAccess') : t('users.stopAccess')} ${name}`}
              >
                {stopped ? <IconLockOpen size={18} /> : <IconLock size={18} />}
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('common.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                disabled={untouchable}
                onClick={() => setToDelete(u)}
                aria-label={`${t('common.delete')} ${name}`}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title={t('management.areas.user')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={exportUsers.isPending}
              onClick={() =>
                exportUsers.mutate(query, {
                  onError: (error) => setResult({ kind: 'error', message: error.message }),
                })
              }
              data-testid="users-export"
            >
              {t('common.export')}
            </Button>
            <Button
              component={Link}
              to="/management/user/new"
              leftSection={<IconPlus size={16} />}
              color="accent.6"
            >
              {t('users.add')}
            </Button>
          </>
        }
      />
      <Group gap="xs" mb="sm" wrap="nowrap">
        <TextInput
          aria-label={t('common.search')}
          placeholder={t('users.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          defaultValue={list.q}
          onChange={(event) => search(event.currentTarget.value)}
          data-testid="users-search"
          style={{ flex: 1 }}
          maw={{ sm: 360 }}
        />
        {/* On phones the filters fold away behind this button. */}
        <Button
          hiddenFrom="sm"
          variant="default"
          leftSection={<IconFilter size={16} />}
          onClick={() => setFiltersOpen((open) => !open)}
          aria-expanded={filtersShown}
        >
          {activeFilters > 0 ? t('users.filtersCount', { count: activeFilters }) : t('users.filters')}
        </Button>
      </Group>
      <Collapse in={filtersShown}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 5 }} spacing="sm" mb="md">
          <Select
            aria-label={t('users.service')}
            placeholder={t('users.allServices')}
            data={serviceOptions(services.data)}
            value={filters.serviceId ?? null}
            onChange={(value) => list.update({ serviceId: value, branchId: null, departmentId: null })}
            clearable
          />
          <Select
            aria-label={t('users.branch')}
            placeholder={t('users.allBranches')}
            data={branchGroups(shownBranches)}
            value={filters.branchId ?? null}
            onChange={(value) => list.update({ branchId: value, departmentId: null })}
            clearable
            searchable
          />
          <Select
            aria-label={t('users.department')}
            placeholder={filters.branchId ? t('users.allDepartments') : t('users.pickBranchFirst')}
            data={(filters.branchId ? (departments.data ?? []) : []).map((d) => ({
              value: String(d.id),
              label: d.name,
            }))}
            value={filters.departmentId ?? null}
            onChange={(value) => list.update({ departmentId: value })}
            disabled={!filters.branchId}
            clearable
          />
          <Select
            aria-label={t('users.authorization')}
            placeholder={t('users.allAuthorizations')}
            data={(authorizations.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            value={filters.authorizationId ?? null}
            onChange={(value) => list.update({ authorizationId: value })}
            clearable
            searchable
          />
          <Select
            aria-label={t('users.access')}
            placeholder={t('users.anyAccess')}
            data={USER_ACCESS.map((value) => ({ value, label: t(`users.accessValues.${value}`) }))}
            value={filters.access ?? null}
            onChange={(value) => list.update({ access: value })}
            clearable
            data-testid="users-access-filter"
          />
        </SimpleGrid>
      </Collapse>
      <DataTable
        testId="users-table"
        columns={columns}
        rows={users.data?.items}
        rowKey={(u) => u.id}
        loading={users.isPending || users.isPlaceholderData}
        error={users.error}
        total={users.data?.total}
        page={list.page}
        size={list.size}
        onPageChange={(page) => list.update({ page })}
        numbered
        emptyText={t('users.empty')}
      />
      {users.data && users.data.total <= list.size && (
        <Text fz="sm" c="dimmed" mt="xs" data-testid="users-total">
          {t('users.total', { count: users.data.total })}
        </Text>
      )}
      <ConfirmDeleteDialog
        opened={toDelete !== null}
        subject={toDelete ? `${toDelete.fullName ?? ''} (${toDelete.employeeCode})` : undefined}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onSuccess: () => setResult({ kind: 'success', message: t('users.deleted') }),
            onError: (error) => setResult({ kind: 'error', message: error.message }),
            onSettled: () => setToDelete(null),
          });
        }}
      />
      <MessageDialog message={result?.message ?? null} kind={result?.kind} onClose={closeResult} />
    </>
  );
}

export default UsersPage;
