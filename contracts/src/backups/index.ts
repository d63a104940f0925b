export * from './backups';
export * from './dropbox-connection';
