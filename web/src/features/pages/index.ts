// The static information pages, one folder each; the router mounts them by these names.
export { AboutPage } from './about';
export { BleedKitInfoPage } from './bleed-kit-info';
export { FirstAidTrainingPage } from './first-aid-training';
export { CabinetOptionsPage } from './cabinet-options';
export { PrivacyPolicyPage } from './privacy-policy';
export { CookiePolicyPage } from './cookie-policy';
export { ConstitutionPage } from './constitution';
export { DonatePage } from './donate';
export { ContactPage } from './contact';
export { AccessibilityPage } from './accessibility';
