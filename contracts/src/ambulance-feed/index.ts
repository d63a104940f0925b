export * from './feed-scope';
export * from './control-room-kit';
export * from './feed-wire';
export * from './feed-clients';
export * from './approved-download';
export * from './subjects';
export * from './feed-push';
