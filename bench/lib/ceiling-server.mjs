// The ceiling mix's server: a bare Node HTTP server answering the recorded bytes of the hot mix (the gateway's own
// gzipped answers, recorded by bench:geo), with no framework, no NATS, no cache logic: what one Node process can
// serve at best on this machine. Argument: the recording (JSON {path: {gzip, body (base64)}}); prints its port.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const recorded = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))).map(([p, a]) => {
    const body = Buffer.from(a.body, 'base64');
    const headers = { 'content-type': 'application/json; charset=utf-8', vary: 'Accept-Encoding', 'content-length': body.length };
    return [p, { body, headers: a.gzip ? { ...headers, 'content-encoding': 'gzip' } : headers }];
  }),
);
const server = createServer((req, res) => {
  const answer = recorded.get(req.url);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});
server.keepAliveTimeout = 5000;
server.listen(Number(process.argv[3] || 0), '127.0.0.1', () => console.log(`ceiling ready ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
