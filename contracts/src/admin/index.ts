export * from './admin';
export * from './system-status';
export * from './audit';
