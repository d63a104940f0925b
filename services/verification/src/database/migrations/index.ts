import { VerificationProjection1763800500000 } from './1763800500000-verification-projection';
import { ReminderRunsPerCustodian1764500200000 } from './1764500200000-reminder-runs-per-custodian';

// Migrations of the verification schema, in order. The schema itself is created at start (DatabaseModule).
export const contextMigrations = [VerificationProjection1763800500000, ReminderRunsPerCustodian1764500200000];
