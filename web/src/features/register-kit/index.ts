export { RegisterKitPage } from './components/register-kit-page';
