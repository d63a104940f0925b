import type { KitStatus, StatusTransition } from '@bleedkits/contracts';
import { CodedError } from '@bleedkits/contracts';

export type { StatusTransition };

/** The admin transitions of the second spec: approve pending→active, reject pending→rejected, reactivate rejected→active. */
export const TRANSITIONS: Readonly<Record<StatusTransition, { from: KitStatus; to: KitStatus; done: string }>> = {
  approve: { from: 'pending', to: 'active', done: 'approved' },
  reject: { from: 'pending', to: 'rejected', done: 'rejected' },
  reactivate: { from: 'rejected', to: 'active', done: 'reactivated' },
};

export function nextStatus(current: KitStatus, transition: StatusTransition): KitStatus {
  const t = TRANSITIONS[transition];
  if (current !== t.from) throw CodedError.conflict(`Only a ${t.from} kit can be ${t.done}; this kit is ${current}.`);
  return t.to;
}

/** The legacy GET /api/kit-status names the target status; the current status decides which transition that is. */
export function transitionTo(current: KitStatus, target: string): StatusTransition {
  if (target === 'active') return current === 'rejected' ? 'reactivate' : 'approve';
  if (target === 'rejected') return 'reject';
  throw CodedError.validation(['status must be active or rejected']);
}
