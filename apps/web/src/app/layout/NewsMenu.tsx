import { Menu, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useServices } from '../../features/org/api';
import classes from './SiteHeader.module.css';

/** "News" with a hover dropdown of services (sorted by id); the plain link opens the first one. */
export function NewsMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const services = useServices().data ?? [];
  const first = services[0];
  const to = first ? `/news?service=${first.id}` : '/news';
  return (
    <Menu trigger="hover" openDelay={50} closeDelay={150} position="bottom-start" shadow="md">
      <Menu.Target>
        <UnstyledButton
          component={Link}
          to={to}
          className={classes.link}
          data-active={pathname.startsWith('/news') || undefined}
        >
          {t('nav.news')} <IconChevronDown size={14} aria-hidden />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {services.map((service) => (
          <Menu.Item key={service.id} component={Link} to={`/news?service=${service.id}`}>
            {service.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
