// Migrations of the kits schema, in order. The schema itself is created at start (DatabaseModule).
export const contextMigrations: (new () => unknown)[] = [];
