import type { TLoginEntry } from '@academy/contract';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type Column, DataTable, PageHeader, pagedTable } from '../../components/management';
import { formatDateTime } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useLearnerProgress, useLoginHistory } from './api';
import { BackToProgress, LearnerHeader, LinkButton } from './LearnerHeader';

/** /management/progress/detail/{id}/login-history: the learner's sign-ins, newest first. */
export function LoginHistoryPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const list = useListParams();
  const learner = useLearnerProgress(id);
  const logins = useLoginHistory(id, { page: list.page, size: list.size });
  const columns: Column<TLoginEntry>[] = [
    { key: 'at', header: t('progress.signedInAt'), width: 200, render: (e) => formatDateTime(e.at) },
    { key: 'ip', header: t('progress.ip'), width: 140, render: (e) => e.ip ?? '—' },
    {
      key: 'agent',
      header: t('progress.userAgent'),
      render: (e) => (
        <Text fz="xs" c="dimmed" lineClamp={2}>
          {e.userAgent ?? '—'}
        </Text>
      ),
    },
  ];
  return (
    <>
      <BackToProgress />
      <PageHeader title={t('progress.loginHistory')} />
      {learner.data && (
        <LearnerHeader
          user={learner.data.user}
          actions={
            <LinkButton to={`/management/progress/detail/${id}`}>{t('progress.detailTitle')}</LinkButton>
          }
        />
      )}
      <DataTable
        testId="login-history-table"
        columns={columns}
        rowKey={(e) => e.id}
        {...pagedTable(logins, list)}
        loading={logins.isPending}
        numbered
        emptyText={t('progress.noLogins')}
      />
    </>
  );
}

export default LoginHistoryPage;
