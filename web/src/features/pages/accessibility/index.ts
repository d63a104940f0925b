export { AccessibilityPage } from './accessibility-page';
