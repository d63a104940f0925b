import { VerificationProjection1763800500000 } from './1763800500000-verification-projection';

// Migrations of the verification schema, in order. The schema itself is created at start (DatabaseModule).
export const contextMigrations = [VerificationProjection1763800500000];
