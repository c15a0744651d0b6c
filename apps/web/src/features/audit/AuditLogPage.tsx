import { AUDIT_ACTIONS, type AuditAction, type TAuditEvent } from '@academy/contract';
import { Alert, Badge, Button, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useAuditEvents, useExportAudit } from './api';
import { changeLines } from './changes';

const ACTION_COLOR: Record<AuditAction, string> = {
  create: 'teal',
  update: 'blue',
  delete: 'red',
  access: 'orange',
  unlock: 'grape',
  'sign-in': 'gray',
};

const FILTERS = ['actor', 'entityType', 'entityId', 'action', 'from', 'to'] as const;

/** /management/audit: who changed what, newest first; filters live in the URL (admins only). */
export function AuditLogPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const { filters, update } = list;
  const query = { page: list.page, size: list.size, ...pick(filters) };
  const events = useAuditEvents(query);
  const exportAudit = useExportAudit();
  const [exportError, setExportError] = useState<string>();

  const columns: Column<TAuditEvent>[] = [
    { key: 'at', header: t('audit.at'), width: 170, render: (e) => formatDateTime(e.at) },
    { key: 'actor', header: t('audit.actor'), width: 130, render: (e) => e.actorCode ?? '—' },
    {
      key: 'action',
      header: t('audit.action'),
      width: 100,
      render: (e) => (
        <Badge variant="light" size="sm" color={ACTION_COLOR[e.action]}>
          {t(`audit.actions.${e.action}`)}
        </Badge>
      ),
    },
    {
      key: 'entity',
      header: t('audit.entity'),
      width: 160,
      render: (e) => (e.entityId ? `${e.entityType} #${e.entityId}` : e.entityType),
    },
    {
      key: 'changes',
      header: t('audit.changes'),
      render: (e) => (
        <Stack gap={0}>
          {changeLines(e.changes).map((line) => (
            <Text key={line} fz="xs" lineClamp={1}>
              {line}
            </Text>
          ))}
        </Stack>
      ),
    },
    { key: 'ip', header: t('audit.ip'), width: 120, render: (e) => e.ip ?? '—' },
  ];

  return (
    <>
      <PageHeader
        title={t('management.areas.audit')}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exportAudit.isPending}
            onClick={() => {
              setExportError(undefined);
              exportAudit.mutate(pick(filters), { onError: (e) => setExportError(e.message) });
            }}
            data-testid="audit-export"
          >
            {t('common.export')}
          </Button>
        }
      />
      {exportError && (
        <Alert color="red" mb="sm">
          {exportError}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, md: 6 }} mb="sm" data-testid="audit-filters">
        <TextInput
          label={t('audit.actor')}
          placeholder={t('audit.actorPlaceholder')}
          defaultValue={filters.actor ?? ''}
          onBlur={(event) => update({ actor: event.currentTarget.value.trim() || null })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') update({ actor: event.currentTarget.value.trim() || null });
          }}
          data-testid="audit-actor"
        />
        <TextInput
          label={t('audit.entity')}
          placeholder="users"
          defaultValue={filters.entityType ?? ''}
          onBlur={(event) => update({ entityType: event.currentTarget.value.trim() || null })}
          data-testid="audit-entity"
        />
        <TextInput
          label={t('audit.entityId')}
          defaultValue={filters.entityId ?? ''}
          onBlur={(event) => update({ entityId: event.currentTarget.value.trim() || null })}
          data-testid="audit-entity-id"
        />
        <Select
          label={t('audit.action')}
          placeholder={t('audit.anyAction')}
          data={AUDIT_ACTIONS.map((value) => ({ value, label: t(`audit.actions.${value}`) }))}
          value={filters.action ?? null}
          onChange={(value) => update({ action: value })}
          clearable
          data-testid="audit-action"
        />
        <TextInput
          type="date"
          label={t('audit.from')}
          value={filters.from ?? ''}
          onChange={(event) => update({ from: event.currentTarget.value || null })}
        />
        <TextInput
          type="date"
          label={t('audit.to')}
          value={filters.to ?? ''}
          onChange={(event) => update({ to: event.currentTarget.value || null })}
        />
      </SimpleGrid>
      <DataTable
        testId="audit-table"
        columns={columns}
        rows={events.data?.items}
        rowKey={(e) => e.id}
        loading={events.isPending}
        error={events.error}
        total={events.data?.total}
        page={list.page}
        size={list.size}
        onPageChange={(page) => update({ page })}
        minWidth={900}
        emptyText={t('audit.empty')}
      />
    </>
  );
}

function pick(filters: Record<string, string>): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const key of FILTERS) if (filters[key]) chosen[key] = filters[key];
  return chosen;
}

export default AuditLogPage;
