import { kitDisplayStatus } from './finder-display';

describe(kitDisplayStatus.name, () => {
  it('takes deployed and unchecked from the deployment status', () => {
    expect(kitDisplayStatus({ deploymentStatus: 'deployed', verificationStatus: 'overdue' })).toBe('deployed');
    expect(kitDisplayStatus({ deploymentStatus: 'unchecked', verificationStatus: 'verified' })).toBe('unchecked');
  });

  it("shows an available kit whose verification is overdue as 'Needs Verification'", () => {
    expect(kitDisplayStatus({ deploymentStatus: 'available', verificationStatus: 'overdue' })).toBe('unchecked');
    expect(kitDisplayStatus({ deploymentStatus: 'available', verificationStatus: 'due_soon' })).toBe('available');
  });

  it('otherwise is unchecked when verification is overdue, else available', () => {
    expect(kitDisplayStatus({ deploymentStatus: null, verificationStatus: 'overdue' })).toBe('unchecked');
    expect(kitDisplayStatus({ deploymentStatus: 'lost', verificationStatus: 'overdue' })).toBe('unchecked');
    expect(kitDisplayStatus({ verificationStatus: 'due_soon' })).toBe('available');
    expect(kitDisplayStatus({})).toBe('available');
  });
});
