import { Loader } from '@mantine/core';
import classes from './PageLoadingOverlay.module.css';

/**
 * Over the page while the next one loads. Mantine's LoadingOverlay would bring its transitions
 * into every page's first load for this one use (issue 21).
 */
export function PageLoadingOverlay({ visible }: { visible: boolean }) {
  if (!visible) return null;
  return (
    <div className={classes.overlay} data-testid="page-loading">
      <Loader />
    </div>
  );
}
