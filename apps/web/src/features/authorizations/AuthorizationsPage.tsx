import type { TAuthorization } from '@academy/contract';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AddButton,
  actionsColumn,
  CellLines,
  type Column,
  EditDeleteActions,
  FilterSelect,
  ListPage,
  ListSearch,
  pagedTable,
  useManagedList,
} from '../../components/management';
import { useBranches, useServices } from '../org';
import { permissionLabel, sortedPermissions, useAuthorizationList, useDeleteAuthorization } from './api';
import { parseScope, scopeGroups } from './scope';

const SHOWN_KEYS = 3;

/** /management/authorization: named sets of permission keys tied to a service or a branch. */
export function AuthorizationsPage() {
  const { t } = useTranslation();
  const { list, result, deletion } = useManagedList<TAuthorization>(
    useDeleteAuthorization(),
    t('authorizations.deleted'),
  );
  const scope = parseScope(list.filters.scope);
  const authorizations = useAuthorizationList({
    page: list.page,
    size: list.size,
    q: list.q,
    serviceId: scope.serviceId ?? undefined,
    branchId: scope.branchId ?? undefined,
    sort: 'name',
  });
  const services = useServices();
  const branches = useBranches();

  const columns: Column<TAuthorization>[] = [
    {
      key: 'name',
      header: t('authorizations.name'),
      render: (a) => (
        <Text component={Link} to={`/management/authorization/edit/${a.id}`} fw={600} c="var(--academy-ink)">
          {a.name}
        </Text>
      ),
    },
    {
      key: 'scope',
      header: t('authorizations.appliesTo'),
      render: (a) => (
        <CellLines
          main={a.branchName ?? a.serviceName ?? '—'}
          sub={a.branchId ? t('authorizations.branch') : t('authorizations.wholeServiceShort')}
        />
      ),
    },
    {
      key: 'permissions',
      header: t('authorizations.permissions'),
      render: (a) => {
        const keys = sortedPermissions(a.permissions);
        if (keys.length === 0)
          return (
            <Text c="dimmed" fz="sm">
              {t('authorizations.noKeys')}
            </Text>
          );
        return (
          <Group gap={4}>
            {keys.slice(0, SHOWN_KEYS).map((key) => (
              <Badge key={key} variant="outline" color="gray" size="sm" tt="none">
                {permissionLabel(key)}
              </Badge>
            ))}
            {keys.length > SHOWN_KEYS && (
              <Tooltip label={keys.slice(SHOWN_KEYS).map(permissionLabel).join(', ')} multiline maw={320}>
                <Badge variant="light" color="gray" size="sm">
                  {t('authorizations.more', { count: keys.length - SHOWN_KEYS })}
                </Badge>
              </Tooltip>
            )}
          </Group>
        );
      },
    },
    {
      key: 'users',
      header: t('authorizations.users'),
      width: 90,
      align: 'center',
      render: (a) => (
        <Badge variant="light" color={a.userCount > 0 ? 'brand' : 'gray'}>
          {a.userCount}
        </Badge>
      ),
    },
    actionsColumn(110, (a) => (
      <EditDeleteActions
        subject={a.name}
        editTo={`/management/authorization/edit/${a.id}`}
        onDelete={() => deletion.ask(a)}
      />
    )),
  ];

  return (
    <ListPage
      title={t('management.areas.authorization')}
      actions={<AddButton label={t('authorizations.add')} to="/management/authorization/add" />}
      toolbar={
        <Group mb="md" gap="sm" wrap="wrap">
          <ListSearch
            list={list}
            placeholder={t('authorizations.searchPlaceholder')}
            w={{ base: '100%', sm: 280 }}
          />
          <FilterSelect
            list={list}
            name="scope"
            label={t('authorizations.filterScope')}
            placeholder={t('authorizations.allScopes')}
            data={scopeGroups(services.data, branches.data, (name) =>
              t('authorizations.wholeService', { name }),
            )}
            searchable
            w={{ base: '100%', sm: 280 }}
          />
        </Group>
      }
      table={{
        testId: 'authorizations-table',
        columns,
        rowKey: (a) => a.id,
        ...pagedTable(authorizations, list),
        numbered: true,
        emptyText: t('authorizations.empty'),
      }}
      result={result}
      deletion={deletion}
      deleteSubject={(a) => a.name}
    />
  );
}

export default AuthorizationsPage;
