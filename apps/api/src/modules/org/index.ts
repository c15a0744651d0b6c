/** The organisation: services (trademarks), branches and departments. */
export { orgRoutes } from './routes';
