/** The home page (banners, welcome popup, featured content) and the introduction page. */
export { homeRoutes } from './routes';
export { usesDemoPictures } from './service';
