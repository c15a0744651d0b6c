import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { MessageDialog } from '../../components/MessageDialog';
import { PageHeader } from '../../components/PageHeader';
import { useUserCertificates } from './api';
import { issuedColumns } from './IssuedCertificatesTable';

/** /management/certificate/{id}: the certificates issued to one user ("Student certificate"). */
export function UserCertificatesPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const data = useUserCertificates(id);
  const [error, setError] = useState<string | null>(null);
  const closeError = useCallback(() => setError(null), []);
  const user = data.data?.user;
  return (
    <>
      <Anchor component={Link} to="/management/certificate?tab=issued" fz="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('certificates.backToList')}
        </Group>
      </Anchor>
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
          columns={issuedColumns(t, setError, false)}
          rows={data.data?.certificates}
          rowKey={(c) => c.id}
          loading={data.isPending}
          numbered
          emptyText={t('certificates.noneForUser')}
        />
      )}
      <MessageDialog message={error} kind="error" onClose={closeError} />
    </>
  );
}

export default UserCertificatesPage;
