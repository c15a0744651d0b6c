import type { TCertificate } from '@academy/contract';
import { ActionIcon, Button, Group, Tabs, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconLayout, IconPlus, IconTrash } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { MessageDialog } from '../../components/MessageDialog';
import { PageHeader } from '../../components/PageHeader';
import { formatDate } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useCertificateList, useDeleteCertificate } from './api';
import { CertificateFormModal } from './CertificateFormModal';
import { IssuedCertificatesTable } from './IssuedCertificatesTable';
import { LayoutEditorModal } from './LayoutEditorModal';

type Result = { message: string; kind: 'success' | 'error' } | null;

/** /management/certificate: templates (add, edit, place texts, delete) and issued certificates. */
export function CertificatesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'issued' ? 'issued' : 'templates';
  const [result, setResult] = useState<Result>(null);
  const closeResult = useCallback(() => setResult(null), []);
  const [editing, setEditing] = useState<TCertificate | null | undefined>(undefined);
  const onError = useCallback((message: string) => setResult({ kind: 'error', message }), []);

  return (
    <>
      <PageHeader
        title={t('management.areas.certificate')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            color="accent.6"
            onClick={() => setEditing(null)}
            data-testid="certificate-add"
          >
            {t('certificates.add')}
          </Button>
        }
      />
      <Tabs
        value={tab}
        onChange={(value) => setSearch(value === 'issued' ? { tab: 'issued' } : {}, { replace: true })}
        color="accent.6"
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="templates">{t('certificates.templates')}</Tabs.Tab>
          <Tabs.Tab value="issued" data-testid="tab-issued">
            {t('certificates.issued')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="templates">
          <Templates onEdit={setEditing} setResult={setResult} />
        </Tabs.Panel>
        <Tabs.Panel value="issued">
          <IssuedCertificatesTable onError={onError} />
        </Tabs.Panel>
      </Tabs>
      <CertificateFormModal
        certificate={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(message) => {
          setEditing(undefined);
          setResult({ kind: 'success', message });
        }}
      />
      <MessageDialog message={result?.message ?? null} kind={result?.kind} onClose={closeResult} />
    </>
  );
}

function Templates({
  onEdit,
  setResult,
}: {
  onEdit: (certificate: TCertificate) => void;
  setResult: (result: Result) => void;
}) {
  const { t } = useTranslation();
  const list = useListParams();
  const certificates = useCertificateList({ page: list.page, size: list.size });
  const remove = useDeleteCertificate();
  const [toDelete, setToDelete] = useState<TCertificate | null>(null);
  const [placing, setPlacing] = useState<TCertificate | null>(null);

  const columns: Column<TCertificate>[] = [
    {
      key: 'name',
      header: t('certificates.name'),
      render: (c) => (
        <>
          <Text fz="sm" fw={600}>
            {c.name}
          </Text>
          <Text fz="xs" c="dimmed">
            {c.fileName}
          </Text>
        </>
      ),
    },
    { key: 'courses', header: t('certificates.courses'), width: 90, render: (c) => c.courseCount },
    { key: 'issuedCount', header: t('certificates.issuedCount'), width: 90, render: (c) => c.issuedCount },
    { key: 'updated', header: t('schedule.updatedAt'), width: 130, render: (c) => formatDate(c.updatedAt) },
    {
      key: 'actions',
      header: t('common.actions'),
      width: 130,
      align: 'right',
      render: (c) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('certificates.placeTexts')}>
            <ActionIcon
              variant="subtle"
              onClick={() => setPlacing(c)}
              aria-label={t('certificates.placeTexts')}
            >
              <IconLayout size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.edit')}>
            <ActionIcon
              variant="subtle"
              onClick={() => onEdit(c)}
              aria-label={`${t('common.edit')} ${c.name}`}
            >
              <IconEdit size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('common.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => setToDelete(c)}
              aria-label={`${t('common.delete')} ${c.name}`}
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
      <DataTable
        testId="certificates-table"
        columns={columns}
        rows={certificates.data?.items}
        rowKey={(c) => c.id}
        loading={certificates.isPending}
        error={certificates.error}
        total={certificates.data?.total}
        page={list.page}
        size={list.size}
        onPageChange={(page) => list.update({ page })}
        numbered
        emptyText={t('certificates.empty')}
      />
      <LayoutEditorModal
        certificate={placing}
        onClose={() => setPlacing(null)}
        onSaved={(message) => {
          setPlacing(null);
          setResult({ kind: 'success', message });
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
            onSuccess: () => setResult({ kind: 'success', message: t('certificates.deleted') }),
            onError: (error) => setResult({ kind: 'error', message: error.message }),
            onSettled: () => setToDelete(null),
          });
        }}
      />
    </>
  );
}

export default CertificatesPage;
