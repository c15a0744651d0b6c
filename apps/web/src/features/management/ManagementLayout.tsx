import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../app/auth/AuthProvider';
import { RequireAuth } from '../../app/auth/RequireAuth';
import { SiteHeader } from '../../app/layout/SiteHeader';
import { Unauthorized } from '../../components/Unauthorized';
import { areaOfPath, areasFor } from './areas';
import classes from './ManagementLayout.module.css';

function ManagementShell() {
  const { t } = useTranslation();
  const auth = useAuth();
  const { pathname } = useLocation();
  const areas = areasFor(auth);
  const current = areaOfPath(pathname);
  const menu = useRef<HTMLElement>(null);

  // On phones the menu is one scrolling row: bring the current entry into view.
  useEffect(() => {
    if (!current) return;
    menu.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [current]);

  if (areas.length === 0) return <Unauthorized />;
  // A non-admin's landing is the area of their first permission (menu order).
  if (!current) return <Navigate to={`/management/${areas[0]?.path}`} replace />;
  const allowed = areas.some((area) => area.path === current);

  return (
    <div className={classes.shell}>
      <aside className={classes.side}>
        <nav ref={menu} aria-label={t('management.menu')} data-testid="management-menu">
          {areas.map((area) => (
            <NavLink key={area.path} to={`/management/${area.path}`} className={classes.item}>
              {t(`management.areas.${area.path}`)}
            </NavLink>
          ))}
        </nav>
      </aside>
      <main className={classes.content}>{allowed ? <Outlet /> : <Unauthorized />}</main>
    </div>
  );
}

/** /management/*: sign-in forced, side menu of the areas the user may open, footer left out. */
export function ManagementLayout() {
  return (
    <>
      <SiteHeader />
      <RequireAuth>
        <ManagementShell />
      </RequireAuth>
    </>
  );
}

export default ManagementLayout;
