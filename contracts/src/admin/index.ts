export * from './admin';
export * from './admin-console';
export * from './statistics-summary';
