import type { TUserListItem } from '@academy/contract';
import { Badge, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth/AuthProvider';
import {
  actionsColumn,
  CellLines,
  type Column,
  DeleteAction,
  EditAction,
  RowAction,
} from '../../components/management';
import type { ListState } from '../../lib/use-list-params';
import { nextSort, SortHeader } from './SortHeader';
import type { useAccessChange } from './use-access-change';

interface UserColumnsOptions {
  list: ListState;
  access: ReturnType<typeof useAccessChange>;
  /** Asks before deleting the user (the list's confirm-delete flow). */
  onDelete: (user: TUserListItem) => void;
}

/** The users list's columns: code and name sort, placement, authorization, access, and the row's actions. */
export function useUserColumns({ list, access, onDelete }: UserColumnsOptions): Column<TUserListItem>[] {
  const { t } = useTranslation();
  const auth = useAuth();
  const { filters } = list;
  const sortHeader = (field: string, label: string) => (
    <SortHeader
      label={label}
      field={field}
      sort={filters.sort}
      onSort={(column) => list.update((latest) => ({ sort: nextSort(latest.get('sort'), column) }))}
    />
  );

  return [
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
          <DeleteAction subject={name} disabled={untouchable} onClick={() => onDelete(u)} />
        </>
      );
    }),
  ];
}
