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
  deleteUser: 'identity.cmd.delete-user.v1',
  /** E-mails of user ids, for kit views that show the owner. */
  userEmails: 'identity.qry.user-emails.v1',
} as const;

export const KitsSubjects = {
  health: healthSubject('kits'),
  register: 'kits.cmd.register.v1',
  edit: 'kits.cmd.edit.v1',
  setDeploymentStatus: 'kits.cmd.set-deployment-status.v1',
  delete: 'kits.cmd.delete.v1',
  approve: 'kits.cmd.approve.v1',
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
  downloadApproved: 'kits.cmd.download-approved.v1',
  cleanSerialNumbers: 'kits.cmd.clean-serial-numbers.v1',
  updateAmbulanceServices: 'kits.cmd.update-ambulance-services.v1',
  fixMissingAddresses: 'kits.cmd.fix-missing-addresses.v1',
  /** The benchmark's plain-SQL viewport baseline (gateway route enabled by BENCH_SQL_BASELINE only). */
  sqlViewportBaseline: 'kits.qry.sql-viewport-baseline.v1',
  /** Register statistics (GET /api/stats and GET /api/statistics). */
  stats: 'kits.qry.stats.v1',
  statistics: 'kits.qry.statistics.v1',
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
} as const;
export const VerificationSubjects = { health: healthSubject('verification') } as const;
export const ImportsSubjects = { health: healthSubject('imports') } as const;
export const NotificationsSubjects = { health: healthSubject('notifications') } as const;
export const BackupsSubjects = { health: healthSubject('backups') } as const;

export const HEALTH_SUBJECTS: Readonly<Record<ServiceContext, string>> = {
  kits: KitsSubjects.health,
  'geo-search': GeoSearchSubjects.health,
  identity: IdentitySubjects.health,
  verification: VerificationSubjects.health,
  imports: ImportsSubjects.health,
  notifications: NotificationsSubjects.health,
  backups: BackupsSubjects.health,
};
