export { StopEmailsPage } from './stop-emails-page';
