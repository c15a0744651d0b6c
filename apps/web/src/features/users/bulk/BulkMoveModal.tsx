import { MESSAGES } from '@academy/contract';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, type OrgPlace, useOnOpen } from '../../../components/management';
import { OrgCascadeSelect } from '../../org';

const NOWHERE: OrgPlace = { serviceId: null, branchId: null, departmentId: null };

interface BulkMoveModalProps {
  opened: boolean;
  /** How many users move. */
  count: number;
  saving: boolean;
  onClose: () => void;
  onMove: (departmentId: number) => void;
}

/** Picks the department the selected users move to (their branch and service follow it). */
export function BulkMoveModal({ opened, count, saving, onClose, onMove }: BulkMoveModalProps) {
  const { t } = useTranslation();
  const [place, setPlace] = useState<OrgPlace>(NOWHERE);
  const [error, setError] = useState<string | undefined>();
  useOnOpen(opened, () => {
    setPlace(NOWHERE);
    setError(undefined);
  });
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('users.bulk.moveTitle', { count })}
      saving={saving}
      saveLabel={t('users.bulk.moveConfirm', { count })}
      saveTestId="bulk-move-confirm"
      testId="bulk-move-form"
      onSubmit={(event) => {
        event?.preventDefault();
        if (!place.departmentId) return setError(MESSAGES.required);
        onMove(Number(place.departmentId));
      }}
    >
      <Text fz="sm">{t('users.bulk.moveText')}</Text>
      <OrgCascadeSelect
        variant="field"
        required
        value={place}
        onChange={(changes) => {
          setPlace((current) => ({ ...current, ...changes }));
          if (changes.departmentId) setError(undefined);
        }}
        labels={{
          serviceId: t('users.service'),
          branchId: t('users.branch'),
          departmentId: t('users.department'),
        }}
        errors={{ departmentId: error }}
        testIdPrefix="bulk-move"
      />
    </FormModal>
  );
}
