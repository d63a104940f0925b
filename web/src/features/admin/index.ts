export { AdminPage, type AdminEditKitDialogProps, type AdminKitDialogs, type AdminPageProps } from './components/admin-page';
