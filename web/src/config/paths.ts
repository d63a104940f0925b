/** Every page's address, named once: the router mounts each page at it, and links and redirects go to it. */
export const PATHS = {
  home: '/',
  auth: '/auth',
  resetPassword: '/reset-password',
  /** The link e-mailed to a new sign-in address: identity builds it from EMAIL_CHANGE_CONFIRM_PATH (a spec checks they agree). */
  confirmEmail: '/confirm-email',
  accountSettings: '/account-settings',
  registerKit: '/register-kit',
  /** The spec's old address of the registration page: it redirects to registerKit. */
  register: '/register',
  dashboard: '/dashboard',
  about: '/about',
  bleedKitInfo: '/bleed-kit-info',
  firstAidTraining: '/first-aid-training',
  cabinetOptions: '/cabinet-options',
  privacyPolicy: '/privacy-policy',
  cookiePolicy: '/cookie-policy',
  accessibility: '/accessibility',
  constitution: '/constitution',
  donate: '/donate',
  contact: '/contact',
  /** The "not my kit" link of custodian e-mails: notifications builds it from CUSTODIAN_STOP_PAGE_PATH (a spec checks they agree). */
  stopEmails: '/stop-emails',
  statistics: '/statistics',
  admin: '/admin',
  adminImport: '/admin/import',
  adminBackups: '/admin/backups',
  adminEmailTemplates: '/admin/email-templates',
  adminVerification: '/admin/verification',
  adminStatus: '/admin/status',
  adminAudit: '/admin/audit',
} as const;
