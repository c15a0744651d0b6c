import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink, DataTable, PageHeader, ResultDialog, useResult } from '../../components/management';
import { useUserCertificates } from './api';
import { issuedColumns } from './IssuedCertificatesTable';

/** /management/certificate/{id}: the certificates issued to one user ("Student certificate"). */
export function UserCertificatesPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const data = useUserCertificates(id);
  const result = useResult();
  const user = data.data?.user;
  return (
    <>
      <BackLink to="/management/certificate?tab=issued" label={t('certificates.backToList')} />
      <PageHeader title={t('certificates.userCertificates')} />
      {user && (
        <Text mb="md" data-testid="certificate-user">
          <b>{user.fullName ?? user.employeeCode}</b> · {user.employeeCode}
        </Text>
      )}
      {data.error && <Alert color="red">{data.error.message}</Alert>}
      {!data.error && (
        <DataTable
          testId="user-certificates-table"
          columns={issuedColumns(t, result.fail, false)}
          rows={data.data?.certificates}
          rowKey={(c) => c.id}
          loading={data.isPending}
          numbered
          emptyText={t('certificates.noneForUser')}
        />
      )}
      <ResultDialog state={result} />
    </>
  );
}

export default UserCertificatesPage;
