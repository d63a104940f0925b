export { DashboardPage } from './components/dashboard-page';
export type { KitDialogComponents, KitDetailDialogProps, EditKitDialogProps, DeploymentStatusDialogProps } from './components/kit-dialog-slots';
