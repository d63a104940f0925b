export * from './template';
export * from './messages';
export * from './import-job';
export * from './comparison';
export * from './csv-updates';
export * from './kit-commands';
export * from './csv-decoding';
