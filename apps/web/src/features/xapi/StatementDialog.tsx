import type { TXapiStatementRow } from '@academy/contract';
import { Code, Modal, ScrollArea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAnnounceModal } from '../../lib/use-announce-modal';

/** A stored statement exactly as the LRS answers it. */
export function StatementDialog({ row, onClose }: { row: TXapiStatementRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  useAnnounceModal(row !== null);
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={t('xapi.statements.statement')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <ScrollArea.Autosize mah="70vh">
        <Code block fz="xs" data-testid="lrs-statement-json">
          {row ? JSON.stringify(row.statement, null, 2) : ''}
        </Code>
      </ScrollArea.Autosize>
    </Modal>
  );
}
