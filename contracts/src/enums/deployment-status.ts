export const DEPLOYMENT_STATUSES = ['available', 'unchecked', 'deployed'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];

export const DEPLOYMENT_STATUS_DISPLAY: Readonly<Record<DeploymentStatus, { label: string; colour: 'green' | 'orange' | 'red' }>> = {
  available: { label: 'Available', colour: 'green' },
  unchecked: { label: 'Needs Verification', colour: 'orange' },
  deployed: { label: 'Deployed', colour: 'red' },
};

export function isDeploymentStatus(value: unknown): value is DeploymentStatus {
  return typeof value === 'string' && (DEPLOYMENT_STATUSES as readonly string[]).includes(value);
}
