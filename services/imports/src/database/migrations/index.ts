import { CreateImports1763800500000 } from './1763800500000-create-imports';

// Migrations of the imports schema, in order. The schema itself is created at start (DatabaseModule).
export const contextMigrations: (new () => unknown)[] = [CreateImports1763800500000];
