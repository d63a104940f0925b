// Times single pages of the public change feed (kits.qry.public-changes.v1), the way geo-search reads it (pages
// of 1,500), at a few points of the register: it shows where an index build from the feed spends its time, and
// lets a build that did not finish be estimated (page by page; geo-search reads several ranges at once, so it is
// an upper bound). Uses the Nest request packet the services speak ({ pattern, data, id }).
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const SUBJECT = 'kits.qry.public-changes.v1';

export async function probeFeed(natsUrl, lastRevision, { pageSize = 1500, timeoutMs = 120_000 } = {}) {
  const { connect } = require('nats');
  const nc = await connect({ servers: natsUrl, name: 'bench-feed-probe' });
  const points = [...new Set([0, Math.floor(lastRevision / 2), Math.max(0, lastRevision - pageSize)])];
  const pages = [];
  try {
    for (const afterRevision of points) {
      const packet = { pattern: SUBJECT, data: { afterRevision, limit: pageSize }, id: randomUUID() };
      const t = process.hrtime.bigint();
      try {
        const msg = await nc.request(SUBJECT, Buffer.from(JSON.stringify(packet)), { timeout: timeoutMs });
        const ms = Number(process.hrtime.bigint() - t) / 1e6;
        const reply = JSON.parse(Buffer.from(msg.data).toString('utf8'));
        pages.push({
          afterRevision,
          ms: Math.round(ms),
          bytes: msg.data.length,
          changes: reply.response?.changes?.length ?? null,
          error: reply.err ? JSON.stringify(reply.err).slice(0, 200) : undefined,
        });
      } catch (err) {
        pages.push({ afterRevision, ms: Math.round(Number(process.hrtime.bigint() - t) / 1e6), error: err.code ?? err.message });
      }
    }
  } finally {
    await nc.close();
  }
  const ok = pages.filter((p) => !p.error);
  // Page cost is about linear in the rows after the revision when the feed query sorts all of them, and flat
  // when it reads only a page: the mean of the first and last page covers both cases.
  const first = ok.find((p) => p.afterRevision === 0);
  const last = ok.find((p) => p.afterRevision === points[points.length - 1]);
  const estimatedFullReadSeconds = first && last ? Math.round((((first.ms + last.ms) / 2) * Math.ceil(lastRevision / pageSize)) / 100) / 10 : null;
  return { subject: SUBJECT, pageSize, pages, estimatedFullReadSeconds };
}
