import type { TService } from '@academy/contract';
import { Anchor, Badge, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AddButton,
  actionsColumn,
  type Column,
  EditDeleteActions,
  ListPage,
  useConfirmDelete,
  useEditing,
  useResult,
} from '../../components/management';
import { useServices } from './api';
import { useDeleteService } from './manage-api';
import { pictureColumn } from './picture-column';
import { ServiceFormModal } from './ServiceFormModal';

/** /management/service: the services (trademarks), sorted by id; each opens its branches. */
export function ServicesPage() {
  const { t } = useTranslation();
  const services = useServices();
  const editing = useEditing<TService>();
  const result = useResult();
  const deletion = useConfirmDelete<TService>(useDeleteService(), t('org.services.deleted'), result);

  const columns: Column<TService>[] = [
    pictureColumn('image', t('org.services.image'), (service) => service.image),
    {
      key: 'name',
      header: t('org.services.name'),
      render: (service) => (
        <Anchor component={Link} to={`/management/service/${service.id}`} fw={600} c="var(--academy-ink)">
          {service.name}
        </Anchor>
      ),
    },
    {
      key: 'website',
      header: t('org.services.website'),
      render: (service) =>
        service.websiteUrl ? (
          <Anchor href={service.websiteUrl} target="_blank" rel="noopener noreferrer" fz="sm">
            {service.websiteUrl.replace(/^https?:\/\//, '')}
          </Anchor>
        ) : (
          '—'
        ),
    },
    {
      key: 'home',
      header: t('org.services.showOnHome'),
      width: 150,
      render: (service) =>
        service.showOnHome ? (
          <Badge color="accent.6" variant="light">
            {t('org.yes')}
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            {t('org.no')}
          </Badge>
        ),
    },
    actionsColumn(170, (service) => (
      <>
        <Button component={Link} to={`/management/service/${service.id}`} variant="subtle" size="compact-sm">
          {t('org.services.branches')}
        </Button>
        <EditDeleteActions
          subject={service.name}
          onEdit={() => editing.edit(service)}
          onDelete={() => deletion.ask(service)}
        />
      </>
    )),
  ];

  return (
    <ListPage
      title={t('management.areas.service')}
      actions={<AddButton label={t('org.services.add')} onClick={editing.add} />}
      table={{
        testId: 'services-table',
        columns,
        rows: services.data,
        rowKey: (service) => service.id,
        loading: services.isPending,
        error: services.error,
        numbered: true,
        emptyText: t('org.services.empty'),
      }}
      result={result}
      deletion={deletion}
      deleteSubject={(service) => service.name}
    >
      <ServiceFormModal
        opened={editing.opened}
        service={editing.item}
        onClose={editing.close}
        onSaved={editing.savedWith(result, t('org.services.added'), t('org.services.saved'))}
      />
    </ListPage>
  );
}

export default ServicesPage;
