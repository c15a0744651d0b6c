import { type TXapiStatementRow, XAPI_EXPORT_LIMIT } from '@academy/contract';
import { Alert, Autocomplete, Badge, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBraces, IconCode, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/DataTable';
import { RowAction } from '../../components/management';
import { PageHeader } from '../../components/PageHeader';
import { formatDateTime } from '../../lib/format';
import { useListParams } from '../../lib/use-list-params';
import { useExportLrsStatements, useLrsStatements } from './api';
import { StatementDialog } from './StatementDialog';
import { COMMON_VERBS, statementQuery } from './verbs';

function Lines({ main, sub }: { main: string; sub?: string | null }) {
  return (
    <Stack gap={0}>
      <Text fz="sm" lineClamp={1}>
        {main}
      </Text>
      {sub && (
        <Text fz="xs" c="dimmed" lineClamp={1} style={{ wordBreak: 'break-all' }}>
          {sub}
        </Text>
      )}
    </Stack>
  );
}

/**
 * /management/lrs-statements (administrators): what the learning record store holds, newest
 * first, by actor, verb, activity and day stored; filters live in the URL; exports to Excel or JSON.
 */
export function LrsStatementsPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const { filters, update } = list;
  const query = statementQuery(filters);
  const statements = useLrsStatements({ page: list.page, size: list.size, ...query });
  const exporting = useExportLrsStatements();
  const [exportError, setExportError] = useState<string>();
  const [shown, setShown] = useState<TXapiStatementRow | null>(null);
  const [verb, setVerb] = useState(filters.verb ?? '');

  const download = (format: 'xlsx' | 'json') => {
    setExportError(undefined);
    exporting.mutate({ format, query }, { onError: (e) => setExportError(e.message) });
  };
  const onText = (name: string) => ({
    defaultValue: filters[name] ?? '',
    onBlur: (event: React.FocusEvent<HTMLInputElement>) =>
      update({ [name]: event.currentTarget.value.trim() || null }),
    onKeyDown: (event: React.KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') update({ [name]: event.currentTarget.value.trim() || null });
    },
  });

  const result = (row: TXapiStatementRow) => {
    const r = row.result;
    if (!r) return '—';
    const parts = [
      r.success === true
        ? t('xapi.statements.success')
        : r.success === false
          ? t('xapi.statements.failure')
          : null,
      r.scaled !== null ? t('common.percent', { value: Math.round(r.scaled * 100) }) : null,
      r.duration,
    ].filter(Boolean);
    return parts.length ? parts.join(' · ') : r.completion ? t('xapi.statements.complete') : '—';
  };

  const columns: Column<TXapiStatementRow>[] = [
    {
      key: 'stored',
      header: t('xapi.statements.stored'),
      width: 160,
      render: (row) => formatDateTime(row.stored),
    },
    {
      key: 'actor',
      header: t('xapi.statements.actor'),
      width: 190,
      render: (row) => (
        <Lines main={row.actor.name ?? row.actor.id} sub={row.actor.name ? row.actor.id : null} />
      ),
    },
    {
      key: 'verb',
      header: t('xapi.statements.verb'),
      width: 130,
      render: (row) => (
        <Badge variant="light" color="blue" size="sm" title={row.verb.id}>
          {row.verb.display ?? row.verb.id.split('/').pop()}
        </Badge>
      ),
    },
    {
      key: 'object',
      header: t('xapi.statements.object'),
      render: (row) => (
        <Lines main={row.object.name ?? row.object.id} sub={row.object.name ? row.object.id : null} />
      ),
    },
    { key: 'result', header: t('xapi.statements.result'), width: 150, render: (row) => result(row) },
    {
      key: 'source',
      header: t('xapi.statements.source'),
      width: 120,
      render: (row) => row.source ?? t('xapi.statements.academy'),
    },
    {
      key: 'view',
      header: '',
      width: 50,
      align: 'right',
      render: (row) => (
        <RowAction
          label={t('xapi.statements.view')}
          icon={<IconCode size={18} />}
          onClick={() => setShown(row)}
          testId="lrs-statement-view"
        />
      ),
    },
  ];

  const total = statements.data?.total;
  return (
    <>
      <PageHeader
        title={t('management.areas.lrs-statements')}
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={exporting.isPending && exporting.variables?.format === 'xlsx'}
              onClick={() => download('xlsx')}
              data-testid="lrs-export-xlsx"
            >
              {t('common.export')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconBraces size={16} />}
              loading={exporting.isPending && exporting.variables?.format === 'json'}
              onClick={() => download('json')}
              data-testid="lrs-export-json"
            >
              {t('xapi.statements.exportJson')}
            </Button>
          </Group>
        }
      />
      {exportError && (
        <Alert color="red" mb="sm">
          {exportError}
        </Alert>
      )}
      {statements.data?.more && (
        <Alert color="yellow" mb="sm" data-testid="lrs-statements-many">
          {t('xapi.statements.many', {
            count: statements.data.total.toLocaleString(),
            limit: XAPI_EXPORT_LIMIT.toLocaleString(),
          })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} mb="sm" data-testid="lrs-filters">
        <TextInput
          label={t('xapi.statements.actor')}
          placeholder={t('xapi.statements.actorPlaceholder')}
          {...onText('actor')}
          data-testid="lrs-filter-actor"
        />
        <Autocomplete
          label={t('xapi.statements.verb')}
          placeholder="http://adlnet.gov/expapi/verbs/…"
          data={COMMON_VERBS}
          value={verb}
          onChange={setVerb}
          onOptionSubmit={(value) => update({ verb: value })}
          onBlur={() => update({ verb: verb.trim() || null })}
          onKeyDown={(event) => {
            if (event.key === 'Enter') update({ verb: verb.trim() || null });
          }}
          clearable
          limit={20}
          data-testid="lrs-filter-verb"
        />
        <TextInput
          label={t('xapi.statements.activity')}
          placeholder="https://…"
          {...onText('activity')}
          data-testid="lrs-filter-activity"
        />
        <TextInput
          type="date"
          label={t('xapi.statements.from')}
          value={filters.from ?? ''}
          onChange={(event) => update({ from: event.currentTarget.value || null })}
        />
        <TextInput
          type="date"
          label={t('xapi.statements.to')}
          value={filters.to ?? ''}
          onChange={(event) => update({ to: event.currentTarget.value || null })}
        />
      </SimpleGrid>
      <DataTable
        testId="lrs-statements-table"
        columns={columns}
        rows={statements.data?.items}
        rowKey={(row) => row.id}
        loading={statements.isPending}
        error={statements.error}
        total={total}
        page={list.page}
        size={list.size}
        onPageChange={(page) => update({ page })}
        minWidth={980}
        emptyText={t('xapi.statements.empty')}
      />
      <StatementDialog row={shown} onClose={() => setShown(null)} />
    </>
  );
}

export default LrsStatementsPage;
