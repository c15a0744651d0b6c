import type { TXapiCredential, TXapiCredentialCreated } from '@academy/contract';
import { Badge, Code, Group, Text } from '@mantine/core';
import { IconKeyOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  actionsColumn,
  type Column,
  ConfirmDialog,
  ListPage,
  RowAction,
  useConfirmDelete,
  useResult,
} from '../../components/management';
import { formatDateTime } from '../../lib/format';
import { useLrsKeys, useRevokeLrsKey } from './api';
import { KeyFormModal } from './KeyFormModal';
import { KeyMadeDialog } from './KeyMadeDialog';

/** Where the learning record store answers: the academy's own origin (the web is served from PUBLIC_URL). */
export const lrsEndpoint = () => `${window.location.origin}/services/core/xapi/`;

/**
 * /management/lrs-keys (administrators): the keys other systems reach the learning record store
 * with. Making one shows its secret once; revoking one stops it at once.
 */
export function LrsKeysPage() {
  const { t } = useTranslation();
  const keys = useLrsKeys();
  const result = useResult();
  const [adding, setAdding] = useState(false);
  const [made, setMade] = useState<(TXapiCredentialCreated & { name: string }) | null>(null);
  const revoke = useConfirmDelete<TXapiCredential>(
    useRevokeLrsKey(),
    (key) => result.succeed(t('xapi.keys.revoked', { name: key.name })),
    result,
  );

  const columns: Column<TXapiCredential>[] = [
    {
      key: 'name',
      header: t('xapi.keys.name'),
      render: (key) => (
        <Text fw={600} fz="sm">
          {key.name}
        </Text>
      ),
    },
    { key: 'key', header: t('xapi.keys.key'), width: 230, render: (key) => <Code>{key.key}</Code> },
    {
      key: 'access',
      header: t('xapi.keys.access'),
      width: 140,
      render: (key) => (
        <Group gap={4}>
          {key.read && (
            <Badge variant="light" color="blue" size="sm">
              {t('xapi.keys.read')}
            </Badge>
          )}
          {key.write && (
            <Badge variant="light" color="accent.6" size="sm">
              {t('xapi.keys.write')}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'created',
      header: t('xapi.keys.created'),
      width: 160,
      render: (key) => formatDateTime(key.createdAt),
    },
    {
      key: 'used',
      header: t('xapi.keys.lastUsed'),
      width: 160,
      render: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : t('xapi.keys.never')),
    },
    actionsColumn(70, (key) => (
      <RowAction
        label={t('xapi.keys.revoke')}
        subject={key.name}
        icon={<IconKeyOff size={18} />}
        color="red"
        onClick={() => revoke.ask(key)}
        testId={`lrs-key-revoke-${key.id}`}
      />
    )),
  ];

  return (
    <ListPage
      title={t('management.areas.lrs-keys')}
      actions={<AddButton label={t('xapi.keys.add')} onClick={() => setAdding(true)} />}
      toolbar={
        <Text c="dimmed" fz="sm" mb="md" maw={760}>
          {t('xapi.keys.intro', { endpoint: lrsEndpoint() })}
        </Text>
      }
      table={{
        testId: 'lrs-keys-table',
        columns,
        rows: keys.data,
        rowKey: (key) => key.id,
        loading: keys.isPending,
        error: keys.error,
        minWidth: 820,
        emptyText: t('xapi.keys.empty'),
      }}
      result={result}
    >
      <KeyFormModal
        opened={adding}
        onClose={() => setAdding(false)}
        onMade={(key) => {
          setAdding(false);
          setMade(key);
        }}
      />
      <KeyMadeDialog made={made} onClose={() => setMade(null)} />
      <ConfirmDialog
        {...revoke.dialog}
        title={t('xapi.keys.revokeTitle', { name: revoke.target?.name ?? '' })}
        message={t('xapi.keys.revokeMessage')}
        confirmLabel={t('xapi.keys.revoke')}
        testId="lrs-key-revoke"
      />
    </ListPage>
  );
}

export default LrsKeysPage;
