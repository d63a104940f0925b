export * from './actor';
export * from './user';
export * from './sign-in-redirect';
export * from './google-sign-in-failure';
export * from './email-change';
