import type { PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Names for Mantine's pagination buttons (its arrows are icons only, so screen readers would
 * hear "button"): spread onto every `<Pagination>`.
 */
export function usePaginationLabels(): Pick<PaginationProps, 'getControlProps' | 'getItemProps'> {
  const { t } = useTranslation();
  return {
    getControlProps: (control) => ({ 'aria-label': t(`common.pageControl_${control}`) }),
    getItemProps: (page) => ({ 'aria-label': t('common.pageNumber', { page }) }),
  };
}
