// Server-side DTO classes (class-validator + OpenAPI). The browser uses the rule tables in the pure part.
export * from './satisfies';
export * from './auth.dto';
export * from './kit.dto';
export * from './admin.dto';
