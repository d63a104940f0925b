export * from './rules';
export * from './auth.rules';
export * from './contact.rules';
export * from './limits';
export * from './ids';
