import type { TIssuedCertificate } from '@academy/contract';
import { Anchor } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CellLines,
  type Column,
  DataTable,
  ListSearch,
  pagedTable,
  RowAction,
} from '../../components/management';
import { formatDate } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { downloadIssued, useIssuedCertificates } from './api';
import { CertificateValidity } from './CertificateValidity';

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
      key: 'validity',
      header: t('certificates.validity'),
      width: 190,
      render: (c) => <CertificateValidity expiresAt={c.expiresAt} status={c.status} />,
    },
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
        <CellLines
          main={c.fullName}
          to={`/management/certificate/${c.userId}`}
          sub={c.employeeCode}
          subMono
        />
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
  return (
    <>
      <ListSearch list={list} placeholder={t('certificates.searchIssued')} mb="sm" maw={{ sm: 360 }} />
      <DataTable
        testId="issued-table"
        columns={issuedColumns(t, onError, true)}
        rowKey={(c) => c.id}
        {...pagedTable(issued, list)}
        loading={issued.isPending}
        numbered
        minWidth={900}
        emptyText={t('certificates.noneIssued')}
      />
    </>
  );
}
