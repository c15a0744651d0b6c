/** The search box (issue 22): one typo-tolerant search over the modules' query pieces. */
export { searchRoutes } from './routes';
