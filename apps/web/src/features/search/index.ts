/** The search box in the header and the results page. */
export { HeaderSearch } from './HeaderSearch';
