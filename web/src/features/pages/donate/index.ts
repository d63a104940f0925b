export { DonatePage } from './donate-page';
