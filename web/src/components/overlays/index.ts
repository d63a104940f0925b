export { EmergencyNotice } from './emergency-notice';
export { CookieConsent } from './cookie-consent';
export { ignoreExtensionErrors, isExtensionChannelError } from './ignore-extension-errors';
