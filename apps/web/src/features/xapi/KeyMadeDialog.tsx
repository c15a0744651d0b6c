import type { TXapiCredentialCreated } from '@academy/contract';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAnnounceModal } from '../../lib/use-announce-modal';
import { CopyField } from './CopyField';

interface KeyMadeDialogProps {
  made: (TXapiCredentialCreated & { name: string }) | null;
  onClose: () => void;
}

/** The one time a key's secret is shown: the endpoint, key and secret to give the other system. */
export function KeyMadeDialog({ made, onClose }: KeyMadeDialogProps) {
  const { t } = useTranslation();
  useAnnounceModal(made !== null);
  return (
    <Modal
      opened={made !== null}
      onClose={onClose}
      title={t('xapi.keys.madeTitle', { name: made?.name ?? '' })}
      centered
      size="lg"
      closeOnClickOutside={false}
    >
      {made && (
        <Stack gap="md" data-testid="lrs-key-made">
          <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
            {t('xapi.keys.secretOnce')}
          </Alert>
          <CopyField label={t('xapi.keys.endpoint')} value={made.endpoint} testId="lrs-key-endpoint" />
          <CopyField label={t('xapi.keys.key')} value={made.key} testId="lrs-key-key" />
          <CopyField label={t('xapi.keys.secret')} value={made.secret} testId="lrs-key-secret" />
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="lrs-key-made-close">
              {t('xapi.keys.copiedDone')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
