// Migrations of the backups schema, in order. The schema itself is created at start (DatabaseModule).
export const contextMigrations: (new () => unknown)[] = [];
