/** The learning record store's management pages (issue 26): keys and the statements report. */
export { LrsKeysPage } from './LrsKeysPage';
export { LrsStatementsPage } from './LrsStatementsPage';
