import { Logger } from '@nestjs/common';
import { Client, type ClientConfig } from 'pg';

const logger = new Logger('PgClient');

/**
 * A pg Client of its own (a session-level advisory lock, an exported snapshot, a one-off statement), connected, that
 * cannot take the process down: pg emits 'error' on a client whose server goes away while it is idle (a Postgres
 * restart), and an 'error' event without a listener ends a Node process. The loss is logged; the client's next query
 * fails with it, so whoever uses the client sees it there (a backup then fails and its job is tried again).
 */
export async function connectPgClient(config: ClientConfig, purpose: string): Promise<Client> {
  const client = new Client(config);
  client.on('error', (error) => logger.warn({ purpose, error: error.message, msg: 'a Postgres connection was lost' }));
  await client.connect();
  return client;
}
