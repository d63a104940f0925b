export * from './actor';
export * from './user';
export * from './email-change';
