export { AdminPage, type AdminPageProps } from './components/admin-page';
