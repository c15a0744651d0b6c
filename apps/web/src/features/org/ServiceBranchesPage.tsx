import type { TBranch } from '@academy/contract';
import { ActionIcon, Alert, Anchor, Button, Group, Image, Paper, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { MessageDialog } from '../../components/MessageDialog';
import { PageHeader } from '../../components/PageHeader';
import { useDeleteBranch, useServiceDetail } from './api';
import { BranchFormModal } from './BranchFormModal';

type Result = { message: string; kind: 'success' | 'error' } | null;

/** /management/service/{slug}: the branches of one service. The slug is the service's id. */
export function ServiceBranchesPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const serviceId = Number(slug);
  const valid = Number.isInteger(serviceId) && serviceId > 0;
  const detail = useServiceDetail(valid ? serviceId : undefined);
  const remove = useDeleteBranch();
  const [editing, setEditing] = useState<TBranch | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<TBranch | null>(null);
  const [result, setResult] = useState<Result>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const service = detail.data;

  const back = (
    <Anchor component={Link} to="/management/service" fz="sm" mb="sm" display="inline-flex">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('org.branches.back')}
      </Group>
    </Anchor>
  );

  if (!valid || detail.error) {
    return (
      <>
        {back}
        <Alert color="red">{detail.error?.message ?? t('org.branches.serviceNotFound')}</Alert>
      </>
    );
  }

  const columns: Column<TBranch>[] = [
    {
      key: 'logo',
      header: t('org.branches.logo'),
      width: 110,
      render: (branch) =>
        branch.logo ? (
          <Image src={branch.logo} alt="" w={80} h={48} fit="contain" radius="sm" />
        ) : (
          <Text c="dimmed" fz="sm">
            —
          </Text>
        ),
    },
    {
      key: 'name',
      header: t('org.branches.name'),
      render: (branch) => (
        <Text fw={600} fz="sm">
          {branch.name}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      width: 110,
      align: 'right',
      render: (branch) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('common.edit')}>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('common.edit')} ${branch.name}`}
              onClick={() => setEditing(branch)}
            >
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`${t('common.delete')} ${branch.name}`}
              onClick={() => setToDelete(branch)}
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
      {back}
      <PageHeader
        title={service ? t('org.branches.title', { service: service.name }) : t('common.loading')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            color="accent.6"
            onClick={() => setEditing('new')}
            disabled={!service}
          >
            {t('org.branches.add')}
          </Button>
        }
      />
      {service && (
        <Paper withBorder p="md" radius="md" mb="lg">
          <Group gap="lg" wrap="wrap">
            {service.image && <Image src={service.image} alt="" w={96} h={56} fit="contain" />}
            <div>
              <Text fw={700} c="brand.9">
                {service.name}
              </Text>
              {service.websiteUrl && (
                <Anchor href={service.websiteUrl} target="_blank" rel="noopener noreferrer" fz="sm">
                  {service.websiteUrl}
                </Anchor>
              )}
            </div>
          </Group>
        </Paper>
      )}
      <DataTable
        testId="branches-table"
        columns={columns}
        rows={service?.branches}
        rowKey={(branch) => branch.id}
        loading={detail.isPending}
        numbered
        emptyText={t('org.branches.empty')}
      />
      <BranchFormModal
        opened={editing !== null}
        serviceId={serviceId}
        branch={editing === 'new' ? undefined : (editing ?? undefined)}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setResult({
            kind: 'success',
            message: editing === 'new' ? t('org.branches.added') : t('org.branches.saved'),
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
            onSuccess: () => setResult({ kind: 'success', message: t('org.branches.deleted') }),
            onError: (error) => setResult({ kind: 'error', message: error.message }),
            onSettled: () => setToDelete(null),
          });
        }}
      />
      <MessageDialog message={result?.message ?? null} kind={result?.kind} onClose={closeResult} />
    </>
  );
}

export default ServiceBranchesPage;
