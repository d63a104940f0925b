import type { Kit } from '@bleedkits/contracts';
import type { ComponentType } from 'react';

/**
 * The kit dialogs the dashboard opens. Features do not import each other, so the app shell hands the
 * kit-dialogs feature's components in (see app/router.tsx); these are the props the dashboard passes.
 */
export type KitDetailDialogProps = { kitId: number; open: boolean; onClose: () => void; onEdit: () => void };
export type EditKitDialogProps = { kitId: number | null; open: boolean; onClose: () => void; allowDelete?: boolean; isAdmin?: boolean };
export type DeploymentStatusDialogProps = { kit: Kit; open: boolean; onClose: () => void };
export type VerifyKitDialogProps = { kit: Pick<Kit, 'id' | 'locationName' | 'serialNumber'>; open: boolean; onClose: () => void };

export type KitDialogComponents = {
  KitDetailDialog: ComponentType<KitDetailDialogProps>;
  EditKitDialog: ComponentType<EditKitDialogProps>;
  DeploymentStatusDialog: ComponentType<DeploymentStatusDialogProps>;
  /** Opened by the reminder e-mails' links (`/dashboard?verify=<kitId>`). */
  VerifyKitDialog: ComponentType<VerifyKitDialogProps>;
};
