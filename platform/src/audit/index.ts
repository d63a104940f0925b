export * from './audit-trail';
