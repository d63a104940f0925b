// The pure part of contracts: no Nest, no React, no Node APIs, so the web bundles it too.
export * from './enums';
export * from './validation';
export * from './subjects';
export * from './errors';
export * from './identity';
export * from './platform/health';
export * from './site';
export * from './charity';
export * from './kits';
export * from './finder/finder';
export * from './admin';
export * from './csv/csv';
