/** Roadmaps: which courses a branch and an authorization study, in order. */
export { roadmapRoutes } from './routes';
