export * from './actor';
export * from './user';
