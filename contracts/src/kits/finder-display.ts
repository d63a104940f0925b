import { type DeploymentStatus, isDeploymentStatus } from '../enums/deployment-status';

/**
 * Display status on the finder: deployed or unchecked as the deployment status says; otherwise (available, or no
 * status) 'Needs Verification' (unchecked) when verification is overdue, else available. On the public map a kit
 * reads as overdue only past the grace days (geo-search decides it at read time), so this is when a kit left
 * unchecked for that long turns orange.
 */
export function kitDisplayStatus(kit: { deploymentStatus?: unknown; verificationStatus?: unknown }): DeploymentStatus {
  if (isDeploymentStatus(kit.deploymentStatus) && kit.deploymentStatus !== 'available') return kit.deploymentStatus;
  return kit.verificationStatus === 'overdue' ? 'unchecked' : 'available';
}
