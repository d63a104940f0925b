import { type AdminKit } from '@bleedkits/contracts';
import { deleteKitConfirmation } from '@/config/confirmations';
import { useCallback } from 'react';
import { isApiError } from '@/api/api';
import { useToast } from '@/components/toasts/use-toast';
import { useChangeKitStatusMutation, useDeleteKitMutation } from '../api';

export type KitActions = {
  approve: (kit: AdminKit) => Promise<void>;
  reject: (kit: AdminKit) => Promise<void>;
  reactivate: (kit: AdminKit) => Promise<void>;
  /** Asks first; resolves true when the kit was deleted. */
  remove: (kit: AdminKit) => Promise<boolean>;
  busyId: number | null;
};

/** 'Delete failed' shows the status and the body text (spec §8), which is what ApiError.message carries. */
export function deleteFailureText(error: unknown): string {
  return isApiError(error) ? error.message : 'Failed to delete the kit. Please try again.';
}

/** The status changes and the delete of the Pending and Rejected cards, with the spec's toasts. */
export function useKitActions(): KitActions {
  const [changeStatus, statusState] = useChangeKitStatusMutation();
  const [deleteKit, deleteState] = useDeleteKitMutation();
  const toast = useToast();

  const approve = useCallback(
    async (kit: AdminKit) => {
      try {
        await changeStatus({ id: kit.id, status: 'active' }).unwrap();
        toast({ title: 'Kit approved', description: `${kit.locationName} is now active.` });
      } catch {
        toast({ title: 'Approval failed', description: 'Unable to approve kit. Please try again or contact support.', variant: 'destructive' });
      }
    },
    [changeStatus, toast],
  );

  const reject = useCallback(
    async (kit: AdminKit) => {
      try {
        await changeStatus({ id: kit.id, status: 'rejected' }).unwrap();
        toast({ title: 'Kit rejected', description: `${kit.locationName} has been rejected.` });
      } catch {
        toast({ title: 'Rejection failed', description: 'Unable to reject kit. Please try again or contact support.', variant: 'destructive' });
      }
    },
    [changeStatus, toast],
  );

  const reactivate = useCallback(
    async (kit: AdminKit) => {
      try {
        await changeStatus({ id: kit.id, status: 'active' }).unwrap();
        toast({ title: 'Kit reactivated', description: `${kit.locationName} is active again.` });
      } catch {
        toast({
          title: 'Reactivation failed',
          description: 'Unable to reactivate kit. Please try again or contact support.',
          variant: 'destructive',
        });
      }
    },
    [changeStatus, toast],
  );

  const remove = useCallback(
    async (kit: AdminKit) => {
      if (!window.confirm(deleteKitConfirmation(kit))) return false;
      try {
        await deleteKit(kit.id).unwrap();
        toast({ title: 'Kit deleted', description: `${kit.serialNumber} has been deleted.` });
        return true;
      } catch (error) {
        toast({ title: 'Delete failed', description: deleteFailureText(error), variant: 'destructive' });
        return false;
      }
    },
    [deleteKit, toast],
  );

  const busyId = statusState.isLoading ? (statusState.originalArgs?.id ?? null) : deleteState.isLoading ? (deleteState.originalArgs ?? null) : null;
  return { approve, reject, reactivate, remove, busyId };
}
