export { BackupsPage, type BackupsPageProps } from './components/backups-page';
