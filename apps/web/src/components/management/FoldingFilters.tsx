import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list's filters fold away on phones behind a "Filters (n)" button; on wider screens they are
 * always shown, and `keepOpen` (e.g. a filter with an error to read) shows them anyway.
 */
export function useFoldingFilters(activeCount: number, keepOpen = false) {
  const { t } = useTranslation();
  const wide = useMediaQuery('(min-width: 48em)', true);
  const [open, setOpen] = useState(false);
  const shown = wide || open || keepOpen;
  const toggle = (
    <Button
      hiddenFrom="sm"
      variant="default"
      leftSection={<IconFilter size={16} />}
      onClick={() => setOpen((value) => !value)}
      aria-expanded={shown}
    >
      {activeCount > 0 ? t('users.filtersCount', { count: activeCount }) : t('users.filters')}
    </Button>
  );
  return { shown, toggle };
}
