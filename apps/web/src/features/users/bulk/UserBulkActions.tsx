import { BULK_MESSAGES, BULK_USERS_MAX, type TUserBulkAction } from '@academy/contract';
import { Button, Text } from '@mantine/core';
import { IconBuilding, IconDownload, IconLock, IconLockOpen, IconShieldCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ConfirmDialog,
  type ResultState,
  type RowSelection,
  selectionCount,
} from '../../../components/management';
import type { Query } from '../../../lib/api';
import { useBulkUsers, useExportUsers } from '../api';
import { BulkAuthorizeModal } from './BulkAuthorizeModal';
import { BulkMoveModal } from './BulkMoveModal';
import { bulkTarget, type UserListState } from './bulk-request';

/** What a bulk action changes, as the contract's ZUserBulkAction names it. */
type BulkChange =
  | { action: 'stop' }
  | { action: 'allow' }
  | { action: 'move'; departmentId: number }
  | { action: 'authorize'; authorizationId: number };
type Asked = BulkChange['action'] | 'export' | null;

interface UserBulkActionsProps {
  selection: RowSelection;
  list: UserListState;
  /** How many users match the list's search and filters. */
  total: number | undefined;
  /** The list's search, filters and sort, as the export takes them. */
  exportQuery: Query;
  result: ResultState;
}

/**
 * The users list's bulk actions: stop or allow access, move to a department, give an authorization,
 * export. Each says how many users it reaches before anything is sent; the API applies it to all
 * of them or to none.
 */
export function UserBulkActions({ selection, list, total, exportQuery, result }: UserBulkActionsProps) {
  const { t } = useTranslation();
  const bulk = useBulkUsers();
  const exportUsers = useExportUsers();
  const [asked, setAsked] = useState<Asked>(null);
  const count = selectionCount(selection, total);
  const close = () => setAsked(null);

  function send(change: BulkChange) {
    const action: TUserBulkAction = { ...bulkTarget(selection, list), ...change };
    bulk.mutate(action, {
      onSuccess: ({ updated }) => {
        selection.clear();
        result.succeed(t(`users.bulk.done.${change.action}`, { count: updated }));
      },
      onError: result.fail,
      onSettled: close,
    });
  }

  function exportMatching() {
    close();
    exportUsers.mutate(exportQuery, { onError: result.fail });
  }

  // The export takes the list's filters, not ids: ticked rows export every matching user (decision 75).
  const exportsMore = !selection.allMatching && count < (total ?? 0);
  // Beyond what one bulk action may change the API refuses: the changes wait for narrower filters.
  const tooMany = count > BULK_USERS_MAX;
  const button = (action: Exclude<Asked, null>, icon: ReactNode, color = 'brand.9') => (
    <Button
      disabled={tooMany && action !== 'export'}
      size="xs"
      variant="light"
      color={color}
      leftSection={icon}
      onClick={() => (action === 'export' && !exportsMore ? exportMatching() : setAsked(action))}
      loading={action === 'export' && exportUsers.isPending}
      data-testid={`bulk-${action}`}
    >
      {t(`users.bulk.${action}`)}
    </Button>
  );

  return (
    <>
      {button('stop', <IconLock size={14} />, 'red')}
      {button('allow', <IconLockOpen size={14} />, 'green.8')}
      {button('move', <IconBuilding size={14} />)}
      {button('authorize', <IconShieldCheck size={14} />)}
      {button('export', <IconDownload size={14} />)}
      {tooMany && (
        <Text fz="sm" c="var(--academy-danger-text)" data-testid="bulk-too-many">
          {BULK_MESSAGES.tooMany}
        </Text>
      )}
      <ConfirmDialog
        opened={asked === 'stop' || asked === 'allow'}
        title={t(asked === 'allow' ? 'users.bulk.allowTitle' : 'users.bulk.stopTitle', { count })}
        message={t(asked === 'allow' ? 'users.bulk.allowText' : 'users.bulk.stopText')}
        confirmLabel={t(asked === 'allow' ? 'users.allowAccess' : 'users.stopAccess')}
        color={asked === 'allow' ? 'green.8' : 'red'}
        loading={bulk.isPending}
        onCancel={close}
        onConfirm={() => send({ action: asked === 'allow' ? 'allow' : 'stop' })}
        testId="bulk-access-dialog"
      />
      <BulkMoveModal
        opened={asked === 'move'}
        count={count}
        saving={bulk.isPending}
        onClose={close}
        onMove={(departmentId) => send({ action: 'move', departmentId })}
      />
      <BulkAuthorizeModal
        opened={asked === 'authorize'}
        count={count}
        saving={bulk.isPending}
        onClose={close}
        onAuthorize={(authorizationId) => send({ action: 'authorize', authorizationId })}
      />
      <ConfirmDialog
        opened={asked === 'export'}
        title={t('users.bulk.exportTitle', { count: total ?? 0 })}
        message={t('users.bulk.exportText', { count, total: total ?? 0 })}
        confirmLabel={t('users.bulk.exportConfirm', { count: total ?? 0 })}
        color="brand.9"
        loading={exportUsers.isPending}
        onCancel={close}
        onConfirm={exportMatching}
        testId="bulk-export-dialog"
      />
    </>
  );
}
