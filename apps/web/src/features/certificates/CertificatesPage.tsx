import type { TCertificate } from '@academy/contract';
import { Tabs, Text } from '@mantine/core';
import { IconLayout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  AddButton,
  actionsColumn,
  type Column,
  ConfirmDeleteDialog,
  DataTable,
  EditDeleteActions,
  PageHeader,
  pagedTable,
  ResultDialog,
  type ResultState,
  RowAction,
  useConfirmDelete,
  useResult,
} from '../../components/management';
import { formatDate } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useCertificateList, useDeleteCertificate } from './api';
import { CertificateFormModal } from './CertificateFormModal';
import { IssuedCertificatesTable } from './IssuedCertificatesTable';
import { LayoutEditorModal } from './LayoutEditorModal';

/** /management/certificate: templates (add, edit, place texts, delete) and issued certificates. */
export function CertificatesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'issued' ? 'issued' : 'templates';
  const result = useResult();
  const [editing, setEditing] = useState<TCertificate | null | undefined>(undefined);

  return (
    <>
      <PageHeader
        title={t('management.areas.certificate')}
        actions={
          <AddButton
            label={t('certificates.add')}
            onClick={() => setEditing(null)}
            testId="certificate-add"
          />
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
          <Templates onEdit={setEditing} result={result} />
        </Tabs.Panel>
        <Tabs.Panel value="issued">
          <IssuedCertificatesTable onError={result.fail} />
        </Tabs.Panel>
      </Tabs>
      <CertificateFormModal
        certificate={editing}
        onClose={() => setEditing(undefined)}
        onSaved={(message) => {
          setEditing(undefined);
          result.succeed(message);
        }}
      />
      <ResultDialog state={result} />
    </>
  );
}

function Templates({ onEdit, result }: { onEdit: (certificate: TCertificate) => void; result: ResultState }) {
  const { t } = useTranslation();
  const list = useListParams();
  const certificates = useCertificateList({ page: list.page, size: list.size });
  const deletion = useConfirmDelete<TCertificate>(useDeleteCertificate(), t('certificates.deleted'), result);
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
    actionsColumn(130, (c) => (
      <>
        <RowAction
          label={t('certificates.placeTexts')}
          ariaLabel={t('certificates.placeTexts')}
          icon={<IconLayout size={18} />}
          onClick={() => setPlacing(c)}
        />
        <EditDeleteActions subject={c.name} onEdit={() => onEdit(c)} onDelete={() => deletion.ask(c)} />
      </>
    )),
  ];

  return (
    <>
      <DataTable
        testId="certificates-table"
        columns={columns}
        rowKey={(c) => c.id}
        {...pagedTable(certificates, list)}
        loading={certificates.isPending}
        numbered
        emptyText={t('certificates.empty')}
      />
      <LayoutEditorModal
        certificate={placing}
        onClose={() => setPlacing(null)}
        onSaved={(message) => {
          setPlacing(null);
          result.succeed(message);
        }}
      />
      <ConfirmDeleteDialog {...deletion.dialog} subject={deletion.target?.name} />
    </>
  );
}

export default CertificatesPage;
