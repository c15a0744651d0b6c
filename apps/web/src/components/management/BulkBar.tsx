import { Button, Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { offersAllMatching, type RowKey, type RowSelection, selectionCount } from './selection';

interface BulkBarProps {
  selection: RowSelection;
  /** The keys of the rows on the shown page. */
  shown: readonly RowKey[];
  /** How many rows match the list's search and filters, on every page. */
  total: number | undefined;
  /** The page's bulk action buttons. */
  children: ReactNode;
}

/**
 * Above a list while rows are selected: how many, "select all N matching" once the page is ticked
 * whole, "clear", and the page's bulk actions.
 */
export function BulkBar({ selection, shown, total, children }: BulkBarProps) {
  const { t } = useTranslation();
  const count = selectionCount(selection, total);
  if (count === 0) return null;
  return (
    <Paper withBorder radius="md" p="xs" mb="sm" bg="var(--academy-tint)" data-testid="bulk-actions">
      <Group gap="xs" mb={6} wrap="wrap">
        <Text fz="sm" fw={600} data-testid="bulk-count">
          {selection.allMatching
            ? t('common.allMatchingSelected', { count })
            : t('common.selectedCount', { count })}
        </Text>
        {offersAllMatching(selection, shown, total) && (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={selection.selectAllMatching}
            data-testid="select-all-matching"
          >
            {t('common.selectAllMatching', { count: total })}
          </Button>
        )}
        <Button variant="subtle" size="compact-sm" color="brand.9" onClick={selection.clear}>
          {t('common.clearSelection')}
        </Button>
      </Group>
      <Group gap="xs" wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}
