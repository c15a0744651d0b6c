/** News and news categories: public reading by brand and category, NEWS_MANAGEMENT. */
export { newsRoutes } from './routes';
export { newsSearchSql } from './search';
export { getNews, newsForSitemap } from './service';
