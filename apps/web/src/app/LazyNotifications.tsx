import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useRef } from 'react';

// The toasts' component (transitions, portal) loads when the first toast is shown: most pages
// never show one, and the store that `notifications.show` writes to is small (issue 21).
const Notifications = lazy(() =>
  import('mantine-notifications-view').then((module) => ({ default: module.Notifications })),
);

/** Mantine's Notifications, mounted once there is something to show and kept afterwards. */
export function LazyNotifications() {
  const { notifications, queue } = useNotifications();
  const wanted = useRef(false);
  if (notifications.length > 0 || queue.length > 0) wanted.current = true;
  if (!wanted.current) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
