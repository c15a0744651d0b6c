import type { TBranch, TServiceDetail } from '@academy/contract';
import { Alert, Anchor, Group, Image, Paper, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  AddButton,
  type Column,
  DeleteAction,
  EditAction,
  ListPage,
  RowActions,
  useConfirmDelete,
  useEditing,
  useResult,
} from '../../components/management';
import { useDeleteBranch, useServiceDetail } from './api';
import { BranchFormModal } from './BranchFormModal';

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
        <RowActions>
          <EditAction subject={branch.name} onClick={() => editing.edit(branch)} />
          <DeleteAction subject={branch.name} onClick={() => deletion.ask(branch)} />
        </RowActions>
      ),
    },
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
          onSaved={() => {
            result.succeed(editing.isNew ? t('org.branches.added') : t('org.branches.saved'));
            editing.close();
          }}
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
  );
}

export default ServiceBranchesPage;
