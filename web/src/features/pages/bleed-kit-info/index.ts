export { BleedKitInfoPage } from './bleed-kit-info-page';
