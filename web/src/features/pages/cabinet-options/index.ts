export { CabinetOptionsPage } from './cabinet-options-page';
