import { CreateOutbox1763900000000 } from './1763900000000-create-outbox';
import { SeedEmailTemplates1763900100000 } from './1763900100000-seed-email-templates';
import { ReminderConsumables1763900200000 } from './1763900200000-reminder-consumables';
import { SeedEmailChangeTemplates1764200100000 } from './1764200100000-seed-email-change-templates';
import { CustodianMailRelay1764400000000 } from './1764400000000-custodian-mail-relay';
import { StatusAlerts1764700100000 } from './1764700100000-status-alerts';
import { OutboxBatches1764500000000 } from './1764500000000-outbox-batches';
import { SeedReminderDigests1764500100000 } from './1764500100000-seed-reminder-digests';

import { NotificationsAuditEntries1764900300000 } from './1764900300000-notifications-audit-entries';
import { NotificationsAuditEntrySize1765000300000 } from './1765000300000-notifications-audit-entry-size';
// Migrations of the notifications schema, in order. The schema itself is created at start (DatabaseModule).
export const contextMigrations = [
  CreateOutbox1763900000000,
  SeedEmailTemplates1763900100000,
  ReminderConsumables1763900200000,
  SeedEmailChangeTemplates1764200100000,
  CustodianMailRelay1764400000000,
  OutboxBatches1764500000000,
  SeedReminderDigests1764500100000,
  StatusAlerts1764700100000,
  NotificationsAuditEntries1764900300000,
  NotificationsAuditEntrySize1765000300000,
];
