import { Client } from 'pg';
import { type TestDatabase, createTestDatabase } from '../testing/database';
import { connectPgClient } from './pg-client';

/**
 * Found by bench:faults (issue 27): Postgres restarted while a backup held its lock connection idle, pg emitted
 * 'error' on that client, nobody listened, and the backups process died. A client from connectPgClient survives
 * its server going away and fails its next query instead.
 */
describe('connectPgClient against a real Postgres', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  async function terminate(pid: number): Promise<void> {
    const admin = new Client({ connectionString: db.url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
  }

  it('an idle client whose server connection ends does not end the process; its next query fails', async () => {
    const client = await connectPgClient({ connectionString: db.url }, 'a test lock');
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const lost = new Promise<Error>((resolve) => client.once('error', resolve));
    await terminate(rows[0].pid);
    // Without the listener connectPgClient adds, this 'error' would be thrown out of the event emitter.
    expect((await lost).message).toMatch(/terminat/i);
    await expect(client.query('SELECT 1')).rejects.toThrow();
    await client.end().catch(() => undefined);
  });
});
