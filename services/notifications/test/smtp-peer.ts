import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** RCPT TO of the SMTP envelope: who the server was really asked to deliver to. */
  envelopeTo: string[];
  envelopeFrom: string;
  /** The message as it arrived on the wire. */
  raw: string;
  parsed: ParsedMail;
  messageId: string;
  subject: string;
  text: string;
  html: string;
  /** The user name the client authenticated with, if it did. */
  user?: string;
  /** When the whole message had arrived (ms since the epoch): a benchmark times delivery by it. */
  receivedAt: number;
};

export type TestSmtpPeer = {
  port: number;
  /** smtp://user:secret@127.0.0.1:port */
  url: string;
  received: ReceivedMail[];
  /** Stops listening (clients get connection refused) until `start` again, on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Resolves with the first `count` messages matching, waiting up to `timeoutMs`. */
  waitFor(match: (m: ReceivedMail) => boolean, options?: { count?: number; timeoutMs?: number }): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package) for tests: it accepts any credentials, records each
 * message with its envelope and parses it with `mailparser`, so a test sees exactly what a mail server would.
 * `host` is another address to listen on (bench:faults: the bridge its network namespaces reach the machine by).
 */
export async function startTestSmtpPeer(port = 0, host = '127.0.0.1'): Promise<TestSmtpPeer> {
  const received: ReceivedMail[] = [];
  const make = () =>
    new SMTPServer({
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        callback(null, { user: auth.username });
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const receivedAt = Date.now();
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw)
            .then((parsed) => {
              received.push({
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                raw,
                parsed,
                messageId: parsed.messageId ?? '',
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: typeof parsed.html === 'string' ? parsed.html : '',
                user: typeof session.user === 'string' ? session.user : undefined,
                receivedAt,
              });
              callback();
            })
            .catch((e: Error) => callback(e));
        });
      },
    });

  let server = make();
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, host, () => resolve((server.server.address() as AddressInfo).port));
    });
  const boundPort = await listen(port);
  let running = true;

  const peer: TestSmtpPeer = {
    port: boundPort,
    url: `smtp://tester:secret@${host}:${boundPort}`,
    received,
    async stop() {
      if (!running) return;
      running = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      if (running) return;
      server = make();
      await listen(boundPort);
      running = true;
    },
    async waitFor(match, { count = 1, timeoutMs = 20_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter(match);
        if (found.length >= count) return found.slice(0, count);
        if (Date.now() > deadline)
          throw new Error(`expected ${count} matching e-mail(s) within ${timeoutMs} ms, got ${found.length} (of ${received.length} received)`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async close() {
      await peer.stop();
    },
  };
  return peer;
}
