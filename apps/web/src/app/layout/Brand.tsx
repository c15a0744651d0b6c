import { Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { BRAND } from '../theme';

/** The product's wordmark, linking home. */
export function Brand() {
  return (
    <Link to="/" style={{ textDecoration: 'none' }} aria-label="Skyline Academy">
      <Group gap={8} wrap="nowrap">
        <svg width={34} height={34} viewBox="0 0 40 40" aria-hidden="true">
          <rect width="40" height="40" rx="10" fill={BRAND.main} />
          <path
            d="M9 29 L20 9 L31 29 Z"
            fill="none"
            stroke={BRAND.active}
            strokeWidth="4"
            strokeLinejoin="round"
          />
        </svg>
        <Text
          fw={800}
          fz={{ base: 17, md: 22 }}
          c="var(--academy-ink)"
          style={{ letterSpacing: -0.5, whiteSpace: 'nowrap' }}
        >
          Skyline{' '}
          <Text span inherit c={BRAND.active}>
            Academy
          </Text>
        </Text>
      </Group>
    </Link>
  );
}
