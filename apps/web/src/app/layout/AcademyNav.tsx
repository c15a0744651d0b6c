import { Container, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAuth } from '../auth/AuthProvider';
import classes from './AcademyNav.module.css';
import { ACADEMY_NAV } from './academy-nav';
import { userLinks } from './user-links';

/** The learner's own menu under the header on academy pages. */
export function AcademyNav() {
  const { t } = useTranslation();
  const auth = useAuth();
  const canManage = userLinks(auth).some((link) => link.to === '/management');
  const entries = canManage
    ? [...ACADEMY_NAV, { to: '/management', label: 'academyNav.management', end: false }]
    : ACADEMY_NAV;
  return (
    <div className={classes.bar}>
      <Container size="xl">
        <Group
          gap={4}
          component="nav"
          aria-label={t('academyNav.label')}
          wrap="nowrap"
          data-testid="academy-nav"
        >
          {entries.map((entry) => (
            <NavLink key={entry.to} to={entry.to} end={entry.end} className={classes.item}>
              {t(entry.label)}
            </NavLink>
          ))}
        </Group>
      </Container>
    </div>
  );
}
