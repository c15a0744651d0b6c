/** What the app uses of the home page beside its lazy pages: the route's loader, the footer's data. */
export { prefetchHomePage, useHomePage } from './api';
