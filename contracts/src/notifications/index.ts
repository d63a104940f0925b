export * from './email';
export * from './templates';
export * from './outbox';
export * from './contact';
export * from './custodian-mail';
