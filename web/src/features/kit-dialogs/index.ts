import { DeploymentStatusDialog } from './components/deployment-status-dialog';
import { EditKitDialog } from './components/edit-kit-dialog';
import { KitDetailDialog } from './components/kit-detail-dialog';
import { VerifyKitDialog } from './components/verify-kit-dialog';

export { DeploymentStatusDialog, EditKitDialog, KitDetailDialog, VerifyKitDialog };
export type { DeploymentStatusDialogProps } from './components/deployment-status-dialog';
export type { EditKitDialogProps } from './components/edit-kit-dialog';
export type { KitDetailDialogProps } from './components/kit-detail-dialog';
export { kitDialogsApi } from './api';

/** The dialogs together, for pages that open them (the dashboard receives them from the app shell). */
export const kitDialogs = { KitDetailDialog, EditKitDialog, DeploymentStatusDialog, VerifyKitDialog } as const;
