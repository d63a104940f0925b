export { EmailTemplatesPage, type EmailTemplatesPageProps } from './components/email-templates-page';
