import type { TUserListItem } from '@academy/contract';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/management';
import { useSetUserAccess } from './api';

type UserAccess = TUserListItem['access'];

/** The user whose access changes, as a row or the edit page knows them. */
export interface AccessTarget {
  id: number;
  name: string;
  access: UserAccess;
}

/**
 * Stopping or allowing one user's access. Allowing happens at once; stopping signs the user out,
 * so it asks first (`dialog`, rendered once by the page).
 */
export function useAccessChange(onError: (error: Error) => void) {
  const { t } = useTranslation();
  const setAccess = useSetUserAccess();
  const [toStop, setToStop] = useState<AccessTarget | null>(null);

  function change(target: AccessTarget, access: UserAccess) {
    setAccess.mutate(
      { id: target.id, access },
      {
        onSuccess: () =>
          notifications.show({
            color: access === 'STOPPED' ? 'orange' : 'green',
            message: t(access === 'STOPPED' ? 'users.stopped' : 'users.allowed', { name: target.name }),
          }),
        onError,
        onSettled: () => setToStop(null),
      },
    );
  }

  return {
    toggle: (target: AccessTarget) =>
      target.access === 'STOPPED' ? change(target, 'ALLOWED') : setToStop(target),
    /** The user whose change is on its way, if any. */
    pendingId: setAccess.isPending ? setAccess.variables?.id : undefined,
    dialog: (
      <ConfirmDialog
        opened={toStop !== null}
        title={t('users.stopConfirmTitle', { name: toStop?.name ?? '' })}
        message={t('users.stopConfirmText')}
        confirmLabel={t('users.stopAccess')}
        loading={setAccess.isPending}
        onCancel={() => setToStop(null)}
        onConfirm={() => toStop && change(toStop, 'STOPPED')}
        testId="stop-access-dialog"
      />
    ),
  };
}
