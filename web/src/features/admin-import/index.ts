export { AdminImportPage } from './components/admin-import-page';
