/** Studying: my courses, lesson progress and gating, watch time, course completion, documents. */
export { documentDownloadRoutes } from './document-route';
export { studyRoutes } from './routes';
