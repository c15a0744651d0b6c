export { MailPreviewsPage } from './MailPreviewsPage';
