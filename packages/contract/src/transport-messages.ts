/**
 * What any request can fail with, whatever it asked (part of MESSAGES). A module of its own: the web
 * app's API client is in every page's first load, and a bundle puts a whole module in one chunk, so
 * importing these from messages.ts brought the whole list (4 KB) with them.
 */
export const TRANSPORT_MESSAGES = {
  systemError: 'System error! Please contact your administrator',
  unavailable: 'The system is unavailable, please try again later',
  storageFull: 'There is not enough storage space to save this file. Please contact your administrator',
  storageUnavailable: 'File storage is unavailable, nothing was saved. Please try again in a few minutes',
  networkError: 'Network error',
  timeout: 'The request timed out',
} as const;
