/**
 * NATS subjects: <context>.<cmd|qry|evt>.<name>.v<version>. Handlers and clients use these constants only.
 * Each service listens in a queue group named after its context (SERVICE_QUEUES) so replicas share the load.
 */
export const SERVICE_CONTEXTS = ['kits', 'geo-search', 'identity', 'verification', 'imports', 'notifications', 'backups'] as const;
export type ServiceContext = (typeof SERVICE_CONTEXTS)[number];

export const healthSubject = (context: ServiceContext) => `${context}.qry.health.v1` as const;

export const IdentitySubjects = {
  health: healthSubject('identity'),
  register: 'identity.cmd.register.v1',
  login: 'identity.cmd.login.v1',
  getUser: 'identity.qry.user.v1',
  updateProfile: 'identity.cmd.update-profile.v1',
  changePassword: 'identity.cmd.change-password.v1',
  googleSignIn: 'identity.cmd.google-sign-in.v1',
  listUsers: 'identity.qry.user-list.v1',
  toggleRole: 'identity.cmd.toggle-role.v1',
  adminUpdateUser: 'identity.cmd.admin-update-user.v1',
  sendPasswordReset: 'identity.cmd.send-password-reset.v1',
  resetPassword: 'identity.cmd.reset-password.v1',
  /** Completes a change of sign-in e-mail from the link sent to the new address. */
  confirmEmailChange: 'identity.cmd.confirm-email-change.v1',
  deleteUser: 'identity.cmd.delete-user.v1',
  /** E-mails of user ids, for kit views that show the owner. */
  userEmails: 'identity.qry.user-emails.v1',
  /** Self-service "Forgot password?": e-mails a reset link if the address has an account; answers alike either way. */
  requestPasswordReset: 'identity.cmd.request-password-reset.v1',
  /** The admins' e-mail addresses (who receives contact messages when CONTACT_INBOX_EMAIL is unset). */
  adminEmails: 'identity.qry.admin-emails.v1',
  /** One page of identity's audit entries (role changes, deletions, password resets, admin sign-ins), newest first. */
  auditPage: 'identity.qry.audit-page.v1',
} as const;

export const KitsSubjects = {
  health: healthSubject('kits'),
  register: 'kits.cmd.register.v1',
  edit: 'kits.cmd.edit.v1',
  setDeploymentStatus: 'kits.cmd.set-deployment-status.v1',
  delete: 'kits.cmd.delete.v1',
  approve: 'kits.cmd.approve.v1',
  /** One page of the kits' audit entries (approved, rejected, edited, deleted), newest first. */
  auditPage: 'kits.qry.audit-page.v1',
  reject: 'kits.cmd.reject.v1',
  reactivate: 'kits.cmd.reactivate.v1',
  getKit: 'kits.qry.kit.v1',
  ownerList: 'kits.qry.owner-list.v1',
  manufacturers: 'kits.qry.manufacturers.v1',
  /** Kit counts per owner id, for the admin user list. */
  countByOwner: 'kits.qry.count-by-owner.v1',
  /** The revision change feed: rows and tombstones after a revision, in revision order. */
  changes: 'kits.qry.changes.v1',
  /** The same feed, public listings only (null for a kit that left the public map): for the public projection. */
  publicChanges: 'kits.qry.public-changes.v1',
  adminList: 'kits.qry.admin-list.v1',
  changeStatus: 'kits.cmd.change-status.v1',
  bulkApprove: 'kits.cmd.bulk-approve.v1',
  reassign: 'kits.cmd.reassign.v1',
  adminManufacturers: 'kits.qry.admin-manufacturers.v1',
  addManufacturer: 'kits.cmd.add-manufacturer.v1',
  renameManufacturer: 'kits.cmd.rename-manufacturer.v1',
  removeManufacturer: 'kits.cmd.remove-manufacturer.v1',
  lastApprovedDownload: 'kits.qry.last-approved-download.v1',
  cleanSerialNumbers: 'kits.cmd.clean-serial-numbers.v1',
  updateAmbulanceServices: 'kits.cmd.update-ambulance-services.v1',
  fixMissingAddresses: 'kits.cmd.fix-missing-addresses.v1',
  /** The benchmark's plain-SQL viewport baseline (gateway route enabled by BENCH_SQL_BASELINE only). */
  sqlViewportBaseline: 'kits.qry.sql-viewport-baseline.v1',
  /** Register statistics (GET /api/stats and GET /api/statistics). */
  stats: 'kits.qry.stats.v1',
  statistics: 'kits.qry.statistics.v1',
  /** The imports context's calls (contracts/src/imports/kit-commands.ts): idempotent batch registration, the
   * stale-checked update of a queued CSV update, the comparison's matches and the register's postcode gazetteer. */
  registerBatch: 'kits.cmd.register-batch.v1',
  updateIfUnchanged: 'kits.cmd.update-if-unchanged.v1',
  matchForComparison: 'kits.qry.match-for-comparison.v1',
  postcodePlaces: 'kits.qry.postcode-places.v1',
  /** The custodian's verification check (VerifyKitRequest → Kit). */
  verify: 'kits.cmd.verify.v1',
  /** Sets every active kit's next verification due date (BulkUpdateVerificationDatesRequest). */
  bulkUpdateVerificationDates: 'kits.cmd.bulk-update-verification-dates.v1',
  /** Hint published after each commit; consumers catch up from `kits.changes`. */
  changed: 'kits.evt.changed.v1',
} as const;

/**
 * Geo-search's hot queries reply with pre-serialised JSON bytes (not Nest's envelope) so the gateway can pass
 * them to the browser untouched; see services/geo-search/README.md.
 */
export const GeoSearchSubjects = {
  health: healthSubject('geo-search'),
  viewport: 'geo-search.qry.viewport.v1',
  nearby: 'geo-search.qry.nearby.v1',
  search: 'geo-search.qry.search.v1',
  what3wordsToCoordinates: 'geo-search.qry.w3w-to-coordinates.v1',
  coordinatesToWhat3words: 'geo-search.qry.coordinates-to-w3w.v1',
  /** Raw wire like the hot subjects: one chunk of the gzipped national snapshot of public kits per request. */
  publicSnapshot: 'geo-search.qry.public-snapshot.v1',
  /** Event, no queue group: a replica's index moved to a new tag ({tag}); gateways key their answer cache by it. */
  indexChanged: 'geo-search.evt.index-changed.v1',
  /** The benchmark's PostGIS baseline (a bench-only responder; the gateway relays it only with BENCH_SQL_BASELINE). */
  benchPostgisViewport: 'bench.qry.postgis-viewport.v1',
  benchPostgisNearby: 'bench.qry.postgis-nearby.v1',
} as const;
export const VerificationSubjects = {
  health: healthSubject('verification'),
  /** VerificationReportPageRequest → VerificationReportPage (the gateway assembles the pages). */
  reportPage: 'verification.qry.report-page.v1',
  /** VerificationTestEmailRequest → preview or sent. */
  testEmail: 'verification.cmd.test-email.v1',
  /** Queues a reminder run now ({digest?: boolean}) → {runId}: the run is a job, never a long request. */
  runReminders: 'verification.cmd.run-reminders.v1',
  /** {} → ReminderRunFacts (the admin status page). */
  statusFacts: 'verification.qry.status-facts.v1',
  /** VerificationReminderRunsRequest → VerificationReminderRunPage: the runs, newest first. */
  reminderRuns: 'verification.qry.reminder-runs.v1',
  /** {runId} → VerificationReminderRun: one run's status and counts. */
  reminderRun: 'verification.qry.reminder-run.v1',
} as const;
export const ImportsSubjects = {
  health: healthSubject('imports'),
  /** Uploads travel in parts (StagePartRequest), then a command names the upload. */
  stagePart: 'imports.cmd.stage-part.v1',
  startImport: 'imports.cmd.start-import.v1',
  importStatus: 'imports.qry.import-status.v1',
  importErrors: 'imports.qry.import-errors.v1',
  compareCsvRows: 'imports.qry.compare-csv-rows.v1',
  stageCsvUpdates: 'imports.cmd.stage-csv-updates.v1',
  startCsvUpdates: 'imports.cmd.start-csv-updates.v1',
  csvUpdateStatus: 'imports.qry.csv-update-status.v1',
  csvUpdateEntries: 'imports.qry.csv-update-entries.v1',
} as const;
export const NotificationsSubjects = {
  health: healthSubject('notifications'),
  /** SendEmailRequest → SendEmailResponse: render a template into the outbox (idempotent by key). */
  send: 'notifications.cmd.send.v1',
  /** SubmitContactMessageCommand → MessageResponse: the admin notification(s) and the sender's confirmation. */
  contact: 'notifications.cmd.contact.v1',
  listTemplates: 'notifications.qry.templates.v1',
  /** UpdateEmailTemplateCommand → UpdateEmailTemplateResponse (400 for a template that does not compile). */
  updateTemplate: 'notifications.cmd.update-template.v1',
  /** One page of the notifications' audit entries (e-mail templates edited), newest first. */
  auditPage: 'notifications.qry.audit-page.v1',
  /** SendTestEmailRequest → SendTestEmailResponse. */
  sendTest: 'notifications.cmd.send-test.v1',
  /** OutboxPageRequest → OutboxPageResponse: one page, newest first. */
  outboxPage: 'notifications.qry.outbox-page.v1',
  /** PreviewEmailRequest → PreviewEmailResponse: render without sending (editor preview, verification's test e-mail). */
  preview: 'notifications.qry.preview.v1',
  /** {} → MailStatusFacts (the admin status page). */
  statusFacts: 'notifications.qry.status-facts.v1',
  /** StopCustodianMailRequest → StopCustodianMailResponse: a custodian e-mail's stop link followed (400 for a bad token). */
  stopCustodianMail: 'notifications.cmd.stop-custodian-mail.v1',
  /** EmailBatchStatusRequest → EmailBatchStatusResponse: queued / sent / failed per batch (a reminder run's e-mails). */
  batchStatus: 'notifications.qry.batch-status.v1',
} as const;
export const BackupsSubjects = {
  health: healthSubject('backups'),
  /** BackupListRequest → BackupPage (the history, newest first). */
  list: 'backups.qry.list.v1',
  /** {} → BackupSecurityStats. */
  securityStats: 'backups.qry.security-stats.v1',
  /** {} → StartBackupResponse: records a manual full backup and queues it. */
  startManual: 'backups.cmd.start-manual.v1',
  /** DropboxSetupRequest → DropboxSetupResponse: checks the token with Dropbox, stores it encrypted. */
  configureDropbox: 'backups.cmd.configure-dropbox.v1',
  /** DropboxConnectRequest → DropboxConnectResponse: starts "Connect Dropbox" (OAuth 2 with PKCE), answers Dropbox's address. */
  connectDropbox: 'backups.cmd.connect-dropbox.v1',
  /** DropboxConnectFinishRequest → DropboxConnectFinishResponse: Dropbox's redirect back, code exchanged for a refresh token. */
  finishDropboxConnection: 'backups.cmd.finish-dropbox-connection.v1',
  /** {} → DropboxDisconnectResponse: revokes the token with Dropbox and forgets it. */
  disconnectDropbox: 'backups.cmd.disconnect-dropbox.v1',
  /** {} → DropboxConnection. */
  dropboxConnection: 'backups.qry.dropbox-connection.v1',
  /** {} → BackupStatusFacts (the admin status page). */
  statusFacts: 'backups.qry.status-facts.v1',
  /** One page of the backups' audit entries (manual backups, Dropbox connected and disconnected, restores), newest first. */
  auditPage: 'backups.qry.audit-page.v1',
} as const;

export const HEALTH_SUBJECTS: Readonly<Record<ServiceContext, string>> = {
  kits: KitsSubjects.health,
  'geo-search': GeoSearchSubjects.health,
  identity: IdentitySubjects.health,
  verification: VerificationSubjects.health,
  imports: ImportsSubjects.health,
  notifications: NotificationsSubjects.health,
  backups: BackupsSubjects.health,
};
