/** Server-rendered page meta (titles, link previews), sitemap and robots for the public site. */
export { publicPageRoutes } from './public-pages';
