import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface Crumb {
  label: string | undefined;
  to?: string;
}

/** Course management › course › topic › lesson: where an authoring page sits. */
export function CourseBreadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useTranslation();
  const all: Crumb[] = [{ label: t('management.areas.course'), to: '/management/course' }, ...items];
  return (
    <Breadcrumbs
      mb="sm"
      separatorMargin={6}
      styles={{ root: { flexWrap: 'wrap', rowGap: 4 } }}
      data-testid="course-breadcrumbs"
    >
      {all.map((crumb, index) =>
        crumb.to && index < all.length - 1 ? (
          <Anchor key={crumb.to} component={Link} to={crumb.to} fz="sm" c="var(--academy-ink)">
            {crumb.label ?? '…'}
          </Anchor>
        ) : (
          <Text key={crumb.to ?? `last-${index}`} fz="sm" c="dimmed" lineClamp={1}>
            {crumb.label ?? '…'}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}
