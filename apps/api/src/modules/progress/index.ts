/** Progress reports of learners for PROGRESS_MANAGEMENT, with their exports. */
export { progressRoutes } from './routes';
