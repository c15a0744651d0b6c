import type { TIssuedCertificate } from '@academy/contract';
import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable, RowAction } from '../../components/management';
import { formatDate } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { downloadIssued, useIssuedCertificates } from './api';

/** Columns shared by the issued list and a user's certificates. */
export function issuedColumns(
  t: (key: string) => string,
  onError: (message: string) => void,
  withLearner: boolean,
): Column<TIssuedCertificate>[] {
  const columns: Column<TIssuedCertificate>[] = [
    { key: 'course', header: t('certificates.course'), render: (c) => c.courseName },
    { key: 'certificate', header: t('certificates.name'), render: (c) => c.certificateName },
    {
      key: 'code',
      header: t('certificates.code'),
      width: 170,
      render: (c) => (
        <Anchor component={Link} to={`/certificates/verify/${c.code}`} ff="monospace" fz="sm">
          {c.code}
        </Anchor>
      ),
    },
    { key: 'issued', header: t('certificates.issuedAt'), width: 130, render: (c) => formatDate(c.issuedAt) },
    {
      key: 'download',
      header: '',
      width: 60,
      align: 'right',
      render: (c) => (
        <RowAction
          label={t('certificates.download')}
          subject={c.courseName}
          icon={<IconDownload size={18} />}
          onClick={() => downloadIssued(c.id).catch((e: Error) => onError(e.message))}
        />
      ),
    },
  ];
  if (!withLearner) return columns;
  return [
    {
      key: 'learner',
      header: t('certificates.learner'),
      render: (c) => (
        <Stack gap={0}>
          <Text component={Link} to={`/management/certificate/${c.userId}`} fz="sm" fw={600} c="brand.9">
            {c.fullName}
          </Text>
          <Text fz="xs" c="dimmed" ff="monospace">
            {c.employeeCode}
          </Text>
        </Stack>
      ),
    },
    ...columns,
  ];
}

/** Every issued certificate, newest first; search by learner, code, course. */
export function IssuedCertificatesTable({ onError }: { onError: (message: string) => void }) {
  const { t } = useTranslation();
  const list = useListParams();
  const issued = useIssuedCertificates({ q: list.q, page: list.page, size: list.size });
  const search = useDebouncedCallback((q: string) => list.update({ q }), 300);
  return (
    <>
      <TextInput
        aria-label={t('common.search')}
        placeholder={t('certificates.searchIssued')}
        leftSection={<IconSearch size={16} />}
        defaultValue={list.q}
        onChange={(event) => search(event.currentTarget.value)}
        mb="sm"
        maw={{ sm: 360 }}
      />
      <DataTable
        testId="issued-table"
        columns={issuedColumns(t, onError, true)}
        rows={issued.data?.items}
        rowKey={(c) => c.id}
        loading={issued.isPending}
        error={issued.error}
        total={issued.data?.total}
        page={list.page}
        size={list.size}
        onPageChange={(page) => list.update({ page })}
        numbered
        minWidth={900}
        emptyText={t('certificates.noneIssued')}
      />
    </>
  );
}
