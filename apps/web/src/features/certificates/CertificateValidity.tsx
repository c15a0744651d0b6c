import type { CertificateStatus } from '@academy/contract';
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format';

interface CertificateValidityProps extends Omit<BadgeProps, 'children' | 'color'> {
  expiresAt: string | null;
  status: CertificateStatus;
}

/**
 * Whether a certificate is still valid (decision 104): "Valid until 10 Mar 2027" in green,
 * "Expired on 10 Mar 2027" in red, "Does not expire" when it has no expiry.
 */
export function CertificateValidity({ expiresAt, status, ...props }: CertificateValidityProps) {
  const { t } = useTranslation();
  const expired = status === 'EXPIRED';
  const label = !expiresAt
    ? t('certificates.noExpiry')
    : t(expired ? 'certificates.expiredOn' : 'certificates.validUntil', { date: formatDate(expiresAt) });
  return (
    <Badge
      variant="light"
      color={expired ? 'red' : expiresAt ? 'green' : 'gray'}
      tt="none"
      fw={600}
      data-testid="certificate-validity"
      data-status={status}
      {...props}
    >
      {label}
    </Badge>
  );
}
