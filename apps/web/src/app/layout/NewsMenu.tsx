import { IconChevronDown } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useServices } from '../../features/org/api';
import classes from './SiteHeader.module.css';
import { useDeferredLoad } from './use-deferred-load';

const NewsDropdownMenu = lazy(() => import('./NewsDropdownMenu'));

/** Where "News" leads: the first service's news (services are sorted by id). */
export function useNewsLink() {
  const services = useServices().data ?? [];
  const first = services[0];
  return { services, to: first ? `/news?service=${first.id}` : '/news' };
}

/** The "News" link itself, shared by the plain and the dropdown versions so both look the same. */
export function NewsLinkButton(
  props: { to: string; ref?: React.Ref<HTMLAnchorElement> } & React.HTMLAttributes<HTMLAnchorElement>,
) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { to, className, ...rest } = props;
  return (
    <Link
      to={to}
      // The dropdown's target passes its own class names; ours must survive them.
      className={className ? `${classes.link} ${className}` : classes.link}
      data-active={pathname.startsWith('/news') || undefined}
      {...rest}
    >
      {t('nav.news')} <IconChevronDown size={14} aria-hidden />
    </Link>
  );
}

/**
 * "News" with a hover dropdown of services; the plain link opens the first one. The dropdown
 * (Mantine Menu with floating-ui, ~20 KB) loads after the first render or when the pointer or
 * focus reaches the link, so the public pages' first load stays small (issue 7's budget).
 */
export function NewsMenu() {
  const { to } = useNewsLink();
  const [wanted, request] = useDeferredLoad();
  // Controlled, so a pointer already resting on the placeholder finds the menu open.
  const [opened, setOpened] = useState(false);
  const plainLink = (
    <NewsLinkButton
      to={to}
      onPointerEnter={() => {
        setOpened(true);
        request();
      }}
      onPointerLeave={() => setOpened(false)}
      onFocus={request}
    />
  );
  if (!wanted) return plainLink;
  return (
    <Suspense fallback={plainLink}>
      <NewsDropdownMenu opened={opened} onChange={setOpened} />
    </Suspense>
  );
}
