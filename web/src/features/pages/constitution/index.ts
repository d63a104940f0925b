export { ConstitutionPage } from './constitution-page';
