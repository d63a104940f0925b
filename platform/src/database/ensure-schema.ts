import { connectPgClient } from './pg-client';

/** TypeORM keeps its migrations table inside the schema, so the schema must exist before TypeORM starts. */
export async function ensureSchema(databaseUrl: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  const client = await connectPgClient({ connectionString: databaseUrl }, `create schema ${schema}`);
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } finally {
    await client.end();
  }
}
