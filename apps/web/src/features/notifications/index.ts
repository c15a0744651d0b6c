/** Notifications: the header's bell, the page, the account page's choices, marking read. */
export { prefetchUnreadCount, useMarkRead, useUnreadCount } from './api';
export { NotificationBell } from './NotificationBell';
export { NotificationPreferences } from './NotificationPreferences';
