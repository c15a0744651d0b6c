import { RECRUITMENT_CURRENCY } from '@academy/contract';
import type { TFunction } from 'i18next';

const amount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "9,000,000 – 12,000,000 VND", "From 9,000,000 VND", "Up to …", or "Negotiable". */
export function formatSalary(t: TFunction, min: number | null, max: number | null): string {
  const currency = RECRUITMENT_CURRENCY;
  if (min !== null && max !== null)
    return t('recruitment.salaryRange', { min: amount.format(min), max: amount.format(max), currency });
  if (min !== null) return t('recruitment.salaryFrom', { min: amount.format(min), currency });
  if (max !== null) return t('recruitment.salaryUpTo', { max: amount.format(max), currency });
  return t('recruitment.salaryNegotiable');
}

/** The end of applications, or "No deadline" for an indefinite post. */
export function formatDeadline(t: TFunction, endDate: string | null): string {
  if (!endDate) return t('recruitment.noDeadline');
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(endDate));
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** A calendar date in the browser's time zone (YYYY-MM-DD) for a date input. */
export function toDateInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The end of the chosen day in the browser's time zone, as an ISO instant. */
export function endOfDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
}

export const STATUS_COLORS = { OPEN: 'green', CLOSED: 'gray' } as const;
export const APPLICATION_COLORS = { PENDING: 'yellow', APPROVED: 'green', DISAPPROVED: 'red' } as const;
