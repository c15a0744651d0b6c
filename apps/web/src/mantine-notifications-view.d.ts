/** Mantine's Notifications component module alone (vite.config.ts aliases it). */
declare module 'mantine-notifications-view' {
  export { Notifications } from '@mantine/notifications';
}
