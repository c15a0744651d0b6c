import { MESSAGES } from '@academy/contract';
import { Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, useOnOpen } from '../../../components/management';
import { useAuthorizationOptions } from '../../authorizations';

interface BulkAuthorizeModalProps {
  opened: boolean;
  /** How many users get it. */
  count: number;
  saving: boolean;
  onClose: () => void;
  onAuthorize: (authorizationId: number) => void;
}

/** Picks the authorization the selected users get (it replaces the one they had). */
export function BulkAuthorizeModal({ opened, count, saving, onClose, onAuthorize }: BulkAuthorizeModalProps) {
  const { t } = useTranslation();
  const authorizations = useAuthorizationOptions();
  const [authorizationId, setAuthorizationId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  useOnOpen(opened, () => {
    setAuthorizationId(null);
    setError(undefined);
  });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('users.bulk.authorizeTitle', { count })}
      saving={saving}
      saveLabel={t('users.bulk.authorizeConfirm', { count })}
      saveTestId="bulk-authorize-confirm"
      testId="bulk-authorize-form"
      onSubmit={(event) => {
        event?.preventDefault();
        if (!authorizationId) return setError(MESSAGES.required);
        onAuthorize(Number(authorizationId));
      }}
    >
      <Text fz="sm">{t('users.bulk.authorizeText')}</Text>
      <Select
        label={t('users.authorization')}
        withAsterisk
        data={(authorizations.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
        value={authorizationId}
        onChange={(value) => {
          setAuthorizationId(value);
          if (value) setError(undefined);
        }}
        error={error}
        searchable
        data-testid="bulk-authorization"
      />
    </FormModal>
  );
}
