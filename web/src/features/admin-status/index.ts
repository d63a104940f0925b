export { StatusPage, type StatusPageProps } from './components/status-page';
