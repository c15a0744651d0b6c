import type { TService } from '@academy/contract';
import { ActionIcon, Anchor, Badge, Button, Group, Image, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { MessageDialog } from '../../components/MessageDialog';
import { PageHeader } from '../../components/PageHeader';
import { useDeleteService, useServices } from './api';
import { ServiceFormModal } from './ServiceFormModal';

type Result = { message: string; kind: 'success' | 'error' } | null;

/** /management/service: the services (trademarks), sorted by id; each opens its branches. */
export function ServicesPage() {
  const { t } = useTranslation();
  const services = useServices();
  const remove = useDeleteService();
  const [editing, setEditing] = useState<TService | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<TService | null>(null);
  const [result, setResult] = useState<Result>(null);
  const closeResult = useCallback(() => setResult(null), []);

  const columns: Column<TService>[] = [
    {
      key: 'image',
      header: t('org.services.image'),
      width: 110,
      render: (service) =>
        service.image ? (
          <Image src={service.image} alt="" w={80} h={48} fit="contain" radius="sm" />
        ) : (
          <Text c="dimmed" fz="sm">
            —
          </Text>
        ),
    },
    {
      key: 'name',
      header: t('org.services.name'),
      render: (service) => (
        <Anchor component={Link} to={`/management/service/${service.id}`} fw={600} c="brand.9">
          {service.name}
        </Anchor>
      ),
    },
    {
      key: 'website',
      header: t('org.services.website'),
      render: (service) =>
        service.websiteUrl ? (
          <Anchor href={service.websiteUrl} target="_blank" rel="noopener noreferrer" fz="sm">
            {service.websiteUrl.replace(/^https?:\/\//, '')}
          </Anchor>
        ) : (
          '—'
        ),
    },
    {
      key: 'home',
      header: t('org.services.showOnHome'),
      width: 150,
      render: (service) =>
        service.showOnHome ? (
          <Badge color="accent.6" variant="light">
            {t('org.yes')}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            {t('org.no')}
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      width: 170,
      align: 'right',
      render: (service) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            component={Link}
            to={`/management/service/${service.id}`}
            variant="subtle"
            size="compact-sm"
          >
            {t('org.services.branches')}
          </Button>
          <Tooltip label={t('common.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('common.edit')} ${service.name}`}
              onClick={() => setEditing(service)}
            >
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('common.delete')} ${service.name}`}
              onClick={() => setToDelete(service)}
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
        title={t('management.areas.service')}
        actions={
          <Button leftSection={<IconPlus size={16} />} color="accent.6" onClick={() => setEditing('new')}>
            {t('org.services.add')}
          </Button>
        }
      />
      <DataTable
        testId="services-table"
        columns={columns}
        rows={services.data}
        rowKey={(service) => service.id}
        loading={services.isPending}
        error={services.error}
        numbered
        emptyText={t('org.services.empty')}
      />
      <ServiceFormModal
        opened={editing !== null}
        service={editing === 'new' ? undefined : (editing ?? undefined)}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setResult({
            kind: 'success',
            message: editing === 'new' ? t('org.services.added') : t('org.services.saved'),
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
            onSuccess: () => setResult({ kind: 'success', message: t('org.services.deleted') }),
            onError: (error) => setResult({ kind: 'error', message: error.message }),
            onSettled: () => setToDelete(null),
          });
        }}
      />
      <MessageDialog message={result?.message ?? null} kind={result?.kind} onClose={closeResult} />
    </>
  );
}

export default ServicesPage;
