export { AuditPage, type AuditPageProps } from './components/audit-page';
