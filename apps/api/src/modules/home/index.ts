/** The home page (banners, welcome popup, featured content) and the introduction page. */
export { cachedHomePreview, type HomePreview } from './preview-cache';
export { homeRoutes } from './routes';
export { homePage, introduction, usesDemoPictures } from './service';
