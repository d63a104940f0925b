// A small SMTP server on 127.0.0.1 for the end-to-end stack of `npm test`: the notifications service delivers to
// it (SMTP_URL), and Playwright reads what arrived from GET <httpUrl>/messages (JSON, loopback only).
import http from 'node:http';
import smtpServer from 'smtp-server';
import mailparser from 'mailparser';

const { SMTPServer } = smtpServer;
const { simpleParser } = mailparser;

/** Starts the SMTP peer and its read-only HTTP view; `stop()` closes both. */
export async function startSmtpPeer({ log = () => {} } = {}) {
  const messages = [];
  const smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            messageId: parsed.messageId ?? '',
            receivedAt: new Date().toISOString(),
          });
          log(`smtp peer: received "${parsed.subject ?? ''}" for ${session.envelope.rcptTo.map((r) => r.address).join(', ')}`);
          callback();
        })
        .catch((err) => callback(err));
    },
  });
  const view = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/messages') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(messages));
      return;
    }
    res.writeHead(404).end();
  });
  const listen = (server) =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve(server.address().port));
    });
  const smtpPort = await listen(smtp.server);
  const httpPort = await listen(view);
  return {
    smtpUrl: `smtp://e2e:e2e@127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    messages,
    stop: () => Promise.all([new Promise((r) => smtp.close(r)), new Promise((r) => view.close(r))]),
  };
}
