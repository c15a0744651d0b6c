import { PROGRESS_MESSAGES, PROGRESS_STATUS_WORD, PROGRESS_STATUSES } from '@academy/contract';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/management';
import { statusLabelKey } from '../../components/status';
import { useAllCourses } from '../academy';
import { OrgCascadeFilter } from '../org';

export const PROGRESS_FILTERS = [
  'serviceId',
  'branchId',
  'departmentId',
  'courseId',
  'status',
  'from',
  'to',
] as const;

type Filters = Record<string, string>;
type Update = (changes: Record<string, string | null>) => void;

/** A day typed as YYYY-MM-DD that is a real calendar day. */
function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The date range's messages (SPEC §8); the API checks the same. */
export function rangeErrors(filters: Filters): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  if (filters.from && !isDay(filters.from)) errors.from = PROGRESS_MESSAGES.dateInvalid;
  if (filters.to && !isDay(filters.to)) errors.to = PROGRESS_MESSAGES.dateInvalid;
  if (!errors.from && !errors.to && filters.from && filters.to && filters.to < filters.from)
    errors.to = PROGRESS_MESSAGES.endBeforeStart;
  return errors;
}

/** Service, branch, department, course, status and the studied-between dates. */
export function ProgressFilters({ filters, update }: { filters: Filters; update: Update }) {
  const { t } = useTranslation();
  const courses = useAllCourses();
  const errors = rangeErrors(filters);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" mb="md" data-testid="progress-filters">
      <OrgCascadeFilter filters={filters} update={update} />
      <FilterSelect
        list={{ filters, update }}
        name="courseId"
        label={t('progress.course')}
        placeholder={t('progress.allCourses')}
        data={(courses.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        searchable
        data-testid="progress-course-filter"
      />
      <FilterSelect
        list={{ filters, update }}
        name="status"
        label={t('progress.status')}
        placeholder={t('progress.anyStatus')}
        data={PROGRESS_STATUSES.map((value) => ({
          value,
          label: t(statusLabelKey(PROGRESS_STATUS_WORD[value])),
        }))}
        data-testid="progress-status-filter"
      />
      <TextInput
        type="date"
        label={t('progress.from')}
        value={filters.from ?? ''}
        onChange={(event) => update({ from: event.currentTarget.value || null })}
        error={errors.from}
        data-testid="progress-from"
      />
      <TextInput
        type="date"
        label={t('progress.to')}
        value={filters.to ?? ''}
        onChange={(event) => update({ to: event.currentTarget.value || null })}
        error={errors.to}
        data-testid="progress-to"
      />
    </SimpleGrid>
  );
}
