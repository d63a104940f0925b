export const KIT_STATUSES = ['pending', 'active', 'rejected'] as const;
export type KitStatus = (typeof KIT_STATUSES)[number];

export const KIT_STATUS_LABELS: Readonly<Record<KitStatus, string>> = {
  pending: 'Pending Approval',
  active: 'Active',
  rejected: 'Rejected',
};
