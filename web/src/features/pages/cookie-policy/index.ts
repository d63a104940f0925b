export { CookiePolicyPage } from './cookie-policy-page';
