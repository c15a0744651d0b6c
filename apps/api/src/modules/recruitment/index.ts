/** Recruitment: job posts, applications with CVs, decisions. */
export { recruitmentRoutes } from './routes';
export { recruitmentSearchSql } from './search';
