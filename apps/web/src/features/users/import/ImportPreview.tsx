import type { TUserImportResult } from '@academy/contract';
import { Alert, Badge, Group, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sortedErrors } from './import-file';

/** What importing the checked file would do: rows created, updated and unchanged, and every error. */
export function ImportPreview({ preview }: { preview: TUserImportResult }) {
  const { t } = useTranslation();
  const errors = sortedErrors(preview.errors);
  return (
    <div data-testid="import-preview">
      <Group gap="xs" mb="sm">
        <Badge size="lg" variant="light" color="green.8" data-testid="import-created">
          {t('users.import.created', { count: preview.created })}
        </Badge>
        <Badge size="lg" variant="light" color="brand.9" data-testid="import-updated">
          {t('users.import.updated', { count: preview.updated })}
        </Badge>
        <Badge size="lg" variant="light" color="gray.7" data-testid="import-unchanged">
          {t('users.import.unchanged', { count: preview.unchanged })}
        </Badge>
      </Group>
      {errors.length === 0 ? (
        <Text fz="sm" c="var(--academy-success-text)">
          {t('users.import.noErrors')}
        </Text>
      ) : (
        <>
          <Alert color="red" mb="xs" p="xs">
            {t('users.import.errorsFound', { count: errors.length })}
          </Alert>
          <ScrollArea.Autosize mah={280} type="auto">
            <Table striped withTableBorder fz="sm" data-testid="import-errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={60}>{t('users.import.row')}</Table.Th>
                  <Table.Th w={130}>{t('users.import.column')}</Table.Th>
                  <Table.Th>{t('users.import.message')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {errors.map((error) => (
                  <Table.Tr key={`${error.row}-${error.column}-${error.message}`}>
                    <Table.Td>{error.row === 0 ? '—' : error.row}</Table.Td>
                    <Table.Td>{error.column || '—'}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{error.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </>
      )}
    </div>
  );
}
