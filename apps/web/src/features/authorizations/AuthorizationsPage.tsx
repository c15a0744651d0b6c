import type { TAuthorization } from '@academy/contract';
import { ActionIcon, Badge, Button, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { MessageDialog } from '../../components/MessageDialog';
import { PageHeader } from '../../components/PageHeader';
import { useListParams } from '../../lib/use-list-params';
import { useBranches, useServices } from '../org/api';
import { permissionLabel, sortedPermissions, useAuthorizationList, useDeleteAuthorization } from './api';
import { parseScope, scopeGroups } from './scope';

type Result = { message: string; kind: 'success' | 'error' } | null;
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
  const remove = useDeleteAuthorization();
  const [toDelete, setToDelete] = useState<TAuthorization | null>(null);
  const [result, setResult] = useState<Result>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const search = useDebouncedCallback((q: string) => list.update({ q }), 300);

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
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('common.edit')}>
            <ActionIcon
              component={Link}
              to={`/management/authorization/edit/${a.id}`}
              variant="subtle"
              aria-label={`${t('common.edit')} ${a.name}`}
            >
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('common.delete')} ${a.name}`}
              onClick={() => setToDelete(a)}
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
        title={t('management.areas.authorization')}
        actions={
          <Button
            component={Link}
            to="/management/authorization/add"
            leftSection={<IconPlus size={16} />}
            color="accent.6"
          >
            {t('authorizations.add')}
          </Button>
        }
      />
      <Group mb="md" gap="sm" wrap="wrap">
        <TextInput
          aria-label={t('common.search')}
          placeholder={t('authorizations.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          defaultValue={list.q}
          onChange={(event) => search(event.currentTarget.value)}
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
      <DataTable
        testId="authorizations-table"
        columns={columns}
        rows={authorizations.data?.items}
        rowKey={(a) => a.id}
        loading={authorizations.isPending || authorizations.isPlaceholderData}
        error={authorizations.error}
        total={authorizations.data?.total}
        page={list.page}
        size={list.size}
        onPageChange={(page) => list.update({ page })}
        numbered
        emptyText={t('authorizations.empty')}
      />
      <ConfirmDeleteDialog
        opened={toDelete !== null}
        subject={toDelete?.name}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onSuccess: () => setResult({ kind: 'success', message: t('authorizations.deleted') }),
            onError: (error) => setResult({ kind: 'error', message: error.message }),
            onSettled: () => setToDelete(null),
          });
        }}
      />
      <MessageDialog message={result?.message ?? null} kind={result?.kind} onClose={closeResult} />
    </>
  );
}

export default AuthorizationsPage;
