/** The demo data of a fresh install: organisation, accounts, courses, site content and pictures. */
export { ensureDemoPictures } from './pictures';
export { DEMO_ACCOUNTS, ensureBootstrapAdmin, seedDemoData } from './seed';
