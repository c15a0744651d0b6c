/** The demo data of a fresh install: organisation, accounts, courses, site content and pictures. */
export { ensureDemoPictures } from './pictures';
export { DEMO_ACCOUNTS, ensureBootstrapAdmin, seedDemoData } from './seed';
export { DEMO_CLIP, DEMO_VIDEO_COURSE, DEMO_VIDEO_LESSON, seedDemoVideoLesson } from './video';
