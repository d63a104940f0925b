// Migrations of the imports schema, in order. The schema itself is created at start (DatabaseModule).
export const contextMigrations: (new () => unknown)[] = [];
