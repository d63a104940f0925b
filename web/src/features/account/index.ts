export { AccountSettingsPage } from './components/account-settings-page';
