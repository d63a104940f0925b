export * from './admin';
export * from './system-status';
