/** Questions and answers between learners, with notifications of replies. */
export { qaRoutes } from './routes';
export { questionSearchSql } from './search';
