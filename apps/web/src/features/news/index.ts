/** What other features use of the news: the card, the outstanding news and the categories (home). */
export { outstandingNewsQuery, useNewsCategories, useOutstandingNews } from './api';
export { NewsCard } from './NewsCard';
