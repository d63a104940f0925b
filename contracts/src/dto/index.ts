// Server-side DTO classes (class-validator + OpenAPI). The browser uses the rule tables in the pure part.
export * from './satisfies';
export * from './field-shapes';
export * from './auth.dto';
export * from './kit.dto';
export * from './admin.dto';
export * from './notifications.dto';
export * from './verification.dto';
export * from './backups.dto';
export * from './ambulance-feed.dto';
export * from './imports.dto';
