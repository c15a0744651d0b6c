import type { TUserListItem } from '@academy/contract';
import { Button, Text } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  ListPage,
  pagedTable,
  useManagedList,
  useRowSelection,
} from '../../components/management';
import { useDeleteUser, useExportUsers, useUserList } from './api';
import { UserBulkActions } from './bulk/UserBulkActions';
import { UserImportModal } from './import/UserImportModal';
import { USER_FILTERS, UserFilters } from './UserFilters';
import { useAccessChange } from './use-access-change';
import { useUserColumns } from './user-columns';

/**
 * /management/user: searchable, filterable, sortable and paged; add, edit, stop/allow, export,
 * import from a spreadsheet; ticked rows (or every matching user) for bulk actions.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const { list, result, deletion } = useManagedList<TUserListItem>(useDeleteUser(), t('users.deleted'));
  const { filters } = list;
  const query = {
    q: list.q,
    sort: filters.sort,
    ...Object.fromEntries(USER_FILTERS.map((key) => [key, filters[key]])),
  };
  const users = useUserList({ ...query, page: list.page, size: list.size });
  // A new search or filter chooses from other users: the selection starts again.
  const selection = useRowSelection(JSON.stringify({ ...query, sort: undefined }));
  const access = useAccessChange(result.fail);
  const exportUsers = useExportUsers();
  const columns = useUserColumns({ list, access, onDelete: deletion.ask });
  const total = users.data?.total;
  const [importing, setImporting] = useState(false);

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
          <Button
            variant="default"
            leftSection={<IconUpload size={16} />}
            onClick={() => setImporting(true)}
            data-testid="users-import"
          >
            {t('users.import.open')}
          </Button>
          <AddButton label={t('users.add')} to="/management/user/new" />
        </>
      }
      toolbar={<UserFilters list={list} />}
      bulkActions={
        <UserBulkActions
          selection={selection}
          list={list}
          total={total}
          exportQuery={query}
          result={result}
        />
      }
      table={{
        testId: 'users-table',
        columns,
        rowKey: (u) => u.id,
        ...pagedTable(users, list),
        numbered: true,
        selection,
        rowLabel: (u) => u.fullName ?? u.employeeCode,
        emptyText: t('users.empty'),
      }}
      footer={
        total !== undefined &&
        total <= list.size && (
          <Text fz="sm" c="dimmed" mt="xs" data-testid="users-total">
            {t('users.total', { count: total })}
          </Text>
        )
      }
      result={result}
      deletion={deletion}
      deleteSubject={(u) => `${u.fullName ?? ''} (${u.employeeCode})`}
    >
      {access.dialog}
      <UserImportModal
        opened={importing}
        onClose={() => setImporting(false)}
        onImported={(done) => {
          setImporting(false);
          result.succeed(t('users.import.done', done));
        }}
      />
    </ListPage>
  );
}

export default UsersPage;
