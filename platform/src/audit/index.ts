export * from './audit-trail';
export * from './audit-retention';
