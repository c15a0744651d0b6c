import type { TBranch, TServiceDetail } from '@academy/contract';
import { Alert, Anchor, Group, Image, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import {
  AddButton,
  actionsColumn,
  BackLink,
  type Column,
  EditDeleteActions,
  ListPage,
  useConfirmDelete,
  useEditing,
  useResult,
} from '../../components/management';
import { useServiceDetail } from './api';
import { BranchFormModal } from './BranchFormModal';
import { useDeleteBranch } from './manage-api';
import { pictureColumn } from './picture-column';

/** /management/service/{slug}: the branches of one service. The slug is the service's id. */
export function ServiceBranchesPage() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const serviceId = Number(slug);
  const valid = Number.isInteger(serviceId) && serviceId > 0;
  const detail = useServiceDetail(valid ? serviceId : undefined);
  const editing = useEditing<TBranch>();
  const result = useResult();
  const deletion = useConfirmDelete<TBranch>(useDeleteBranch(), t('org.branches.deleted'), result);
  const service = detail.data;

  const back = <BackLink to="/management/service" label={t('org.branches.back')} />;

  if (!valid || detail.error) {
    return (
      <>
        {back}
        <Alert color="red">{detail.error?.message ?? t('org.branches.serviceNotFound')}</Alert>
      </>
    );
  }

  const columns: Column<TBranch>[] = [
    pictureColumn('logo', t('org.branches.logo'), (branch) => branch.logo),
    {
      key: 'name',
      header: t('org.branches.name'),
      render: (branch) => (
        <Text fw={600} fz="sm">
          {branch.name}
        </Text>
      ),
    },
    actionsColumn(110, (branch) => (
      <EditDeleteActions
        subject={branch.name}
        onEdit={() => editing.edit(branch)}
        onDelete={() => deletion.ask(branch)}
      />
    )),
  ];

  return (
    <>
      {back}
      <ListPage
        title={service ? t('org.branches.title', { service: service.name }) : t('common.loading')}
        actions={<AddButton label={t('org.branches.add')} onClick={editing.add} disabled={!service} />}
        toolbar={service && <ServiceSummary service={service} />}
        table={{
          testId: 'branches-table',
          columns,
          rows: service?.branches,
          rowKey: (branch) => branch.id,
          loading: detail.isPending,
          numbered: true,
          emptyText: t('org.branches.empty'),
        }}
        result={result}
        deletion={deletion}
        deleteSubject={(branch) => branch.name}
      >
        <BranchFormModal
          opened={editing.opened}
          serviceId={serviceId}
          branch={editing.item}
          onClose={editing.close}
          onSaved={editing.savedWith(result, t('org.branches.added'), t('org.branches.saved'))}
        />
      </ListPage>
    </>
  );
}

function ServiceSummary({ service }: { service: TServiceDetail }) {
  return (
    <Paper withBorder p="md" radius="md" mb="lg">
      <Group gap="lg" wrap="wrap">
        {service.image && <Image src={service.image} alt="" w={96} h={56} fit="contain" />}
        <div>
          <Text fw={700} c="var(--academy-ink)">
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
  );
}

export default ServiceBranchesPage;
