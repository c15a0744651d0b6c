import type { TUserListItem } from '@academy/contract';
import { Badge, Button, Text } from '@mantine/core';
import { IconDownload, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth/AuthProvider';
import {
  AddButton,
  actionsColumn,
  CellLines,
  type Column,
  DeleteAction,
  EditAction,
  ListPage,
  pagedTable,
  RowAction,
  useManagedList,
} from '../../components/management';
import { useDeleteUser, useExportUsers, useUserList } from './api';
import { nextSort, SortHeader } from './SortHeader';
import { USER_FILTERS, UserFilters } from './UserFilters';
import { useAccessChange } from './use-access-change';

/** /management/user: searchable, filterable, sortable and paged; add, edit, stop/allow, export. */
export function UsersPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const { list, result, deletion } = useManagedList<TUserListItem>(useDeleteUser(), t('users.deleted'));
  const { filters } = list;
  const query = {
    q: list.q,
    sort: filters.sort,
    ...Object.fromEntries(USER_FILTERS.map((key) => [key, filters[key]])),
  };
  const users = useUserList({ ...query, page: list.page, size: list.size });
  const access = useAccessChange(result.fail);
  const exportUsers = useExportUsers();
  const sortHeader = (field: string, label: string) => (
    <SortHeader
      label={label}
      field={field}
      sort={filters.sort}
      onSort={(column) => list.update((latest) => ({ sort: nextSort(latest.get('sort'), column) }))}
    />
  );

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
      render: (u) => <CellLines main={u.fullName ?? '—'} to={`/management/user/${u.id}`} sub={u.email} />,
    },
    {
      key: 'placement',
      header: t('users.placement'),
      render: (u) => <CellLines main={u.branchName ?? u.serviceName ?? '—'} sub={u.departmentName} />,
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
    actionsColumn(130, (u) => {
      const self = u.id === auth.user?.id;
      // Only administrators may stop or delete an administrator (the API refuses others).
      const untouchable = self || (u.role === 'ROLE_ADMIN' && !auth.isAdmin);
      const stopped = u.access === 'STOPPED';
      const name = u.fullName ?? u.employeeCode;
      return (
        <>
          <EditAction subject={name} to={`/management/user/${u.id}`} />
          <RowAction
            label={stopped ? t('users.allowAccess') : t('users.stopAccess')}
            subject={name}
            icon={stopped ? <IconLockOpen size={18} /> : <IconLock size={18} />}
            color={stopped ? 'green' : 'orange'}
            disabled={untouchable}
            loading={access.pendingId === u.id}
            onClick={() => access.toggle({ id: u.id, name, access: u.access })}
          />
          <DeleteAction subject={name} disabled={untouchable} onClick={() => deletion.ask(u)} />
        </>
      );
    }),
  ];

  return (
    <ListPage
      title={t('management.areas.user')}
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exportUsers.isPending}
            onClick={() => exportUsers.mutate(query, { onError: result.fail })}
            data-testid="users-export"
          >
            {t('common.export')}
          </Button>
          <AddButton label={t('users.add')} to="/management/user/new" />
        </>
      }
      toolbar={<UserFilters list={list} />}
      table={{
        testId: 'users-table',
        columns,
        rowKey: (u) => u.id,
        ...pagedTable(users, list),
        numbered: true,
        emptyText: t('users.empty'),
      }}
      footer={
        users.data &&
        users.data.total <= list.size && (
          <Text fz="sm" c="dimmed" mt="xs" data-testid="users-total">
            {t('users.total', { count: users.data.total })}
          </Text>
        )
      }
      result={result}
      deletion={deletion}
      deleteSubject={(u) => `${u.fullName ?? ''} (${u.employeeCode})`}
    >
      {access.dialog}
    </ListPage>
  );
}

export default UsersPage;
