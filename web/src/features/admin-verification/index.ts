export { VerificationPage } from './components/verification-page';
export type { VerificationPageProps } from './components/verification-page';
