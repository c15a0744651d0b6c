import type { TAuthorization } from '@academy/contract';
import { Badge, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AddButton,
  type Column,
  DeleteAction,
  EditAction,
  ListPage,
  ListSearch,
  pagedTable,
  RowActions,
  useConfirmDelete,
  useResult,
} from '../../components/management';
import { useListParams } from '../../lib/use-list-params';
import { useBranches, useServices } from '../org/api';
import { permissionLabel, sortedPermissions, useAuthorizationList, useDeleteAuthorization } from './api';
import { parseScope, scopeGroups } from './scope';

const SHOWN_KEYS = 3;

/** /management/authorization: named sets of permission keys tied to a service or a branch. */
export function AuthorizationsPage() {
  const { t } = useTranslation();
  const list = useListParams();
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
  const result = useResult();
  const deletion = useConfirmDelete<TAuthorization>(
    useDeleteAuthorization(),
    t('authorizations.deleted'),
    result,
  );

  const columns: Column<TAuthorization>[] = [
    {
      key: 'name',
      header: t('authorizations.name'),
      render: (a) => (
        <Text component={Link} to={`/management/authorization/edit/${a.id}`} fw={600} c="brand.9">
          {a.name}
        </Text>
      ),
    },
    {
      key: 'scope',
      header: t('authorizations.appliesTo'),
      render: (a) => (
        <Stack gap={0}>
          <Text fz="sm">{a.branchName ?? a.serviceName ?? '—'}</Text>
          <Text fz="xs" c="dimmed">
            {a.branchId ? t('authorizations.branch') : t('authorizations.wholeServiceShort')}
          </Text>
        </Stack>
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
    {
      key: 'actions',
      header: t('common.actions'),
      width: 110,
      align: 'right',
      render: (a) => (
        <RowActions>
          <EditAction subject={a.name} to={`/management/authorization/edit/${a.id}`} />
          <DeleteAction subject={a.name} onClick={() => deletion.ask(a)} />
        </RowActions>
      ),
    },
  ];

  return (
    <ListPage
      title={t('management.areas.authorization')}
      actions={<AddButton label={t('authorizations.add')} to="/management/authorization/add" />}
      toolbar={
        <Group mb="md" gap="sm" wrap="wrap">
          <ListSearch
            q={list.q}
            onSearch={(q) => list.update({ q })}
            placeholder={t('authorizations.searchPlaceholder')}
            w={{ base: '100%', sm: 280 }}
          />
          <Select
            aria-label={t('authorizations.filterScope')}
            placeholder={t('authorizations.allScopes')}
            data={scopeGroups(services.data, branches.data, (name) =>
              t('authorizations.wholeService', { name }),
            )}
            value={list.filters.scope ?? null}
            onChange={(value) => list.update({ scope: value })}
            clearable
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
