/** The public configuration the web app reads at start. */
export { systemRoutes } from './routes';
