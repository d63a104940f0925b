// Changes to the register through the gateway's admin routes, as an admin makes them, sent open loop at a steady rate
// (bench:feed's push phase, issue 30): approvals of pending kits, edits, cabinet-code changes and deletions. Each kit
// is changed once, so each change is exactly one record of its ambulance service's feed (a kit changed twice before
// its batch is cut would be delivered once, at its later revision) and a receiver's record is matched by kit id.
import { createRng, deriveSeed } from './rng.mjs';
import { percentileOfSorted as percentile, round } from './stats.mjs';

/** Shares of the mix; approvals are capped by the pending kits there are and edits take what is left. */
export const CHANGE_SHARES = { approve: 0.1, code: 0.25, delete: 0.1 };

function shuffle(rng, list) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/**
 * `total` changes split evenly between `scopes` (ambulance services), each on a different kit of that scope, drawn
 * from the database with `db` (a connected pg client). Deterministic for a seed. Resolves with the changes in the
 * order they will be sent: { kind, scope, kitId, revision (edits: the revision the form was opened with), code }.
 */
export async function planKitChanges(db, scopes, total, seed) {
  const rng = createRng(deriveSeed(seed, 'push-changes'));
  const changes = [];
  const quota = Math.floor(total / scopes.length);
  for (const scope of scopes) {
    const pending = (await db.query(`SELECT id::int AS id FROM kits.kits WHERE status = 'pending' AND ambulance_service = $1 ORDER BY id`, [scope]))
      .rows;
    const active = (
      await db.query(
        `SELECT id::int AS id, revision::int AS revision, location_type, cabinet_code FROM kits.kits
          WHERE status = 'active' AND ambulance_service = $1 ORDER BY id`,
        [scope],
      )
    ).rows;
    const approvals = shuffle(rng, pending).slice(0, Math.min(pending.length, Math.round(quota * CHANGE_SHARES.approve)));
    const locked = shuffle(
      rng,
      active.filter((k) => k.location_type === 'locked_cabinet'),
    ).slice(0, Math.round(quota * CHANGE_SHARES.code));
    const taken = new Set(locked.map((k) => k.id));
    const rest = shuffle(
      rng,
      active.filter((k) => !taken.has(k.id)),
    );
    const deletes = rest.slice(0, Math.round(quota * CHANGE_SHARES.delete));
    const edits = rest.slice(deletes.length, deletes.length + quota - approvals.length - locked.length - deletes.length);
    if (approvals.length + locked.length + deletes.length + edits.length < quota)
      throw new Error(`${scope} has too few kits for ${quota} changes of one kit each`);
    changes.push(
      ...approvals.map((k) => ({ kind: 'approve', scope, kitId: k.id })),
      ...locked.map((k) => ({
        kind: 'code',
        scope,
        kitId: k.id,
        revision: k.revision,
        // Another four-digit code than the stored one, so the edit changes the kit.
        code: String(1000 + ((Math.max(0, (Number(k.cabinet_code) || 1000) - 1000) + 1 + Math.floor(rng() * 8998)) % 9000)),
      })),
      ...deletes.map((k) => ({ kind: 'delete', scope, kitId: k.id })),
      ...edits.map((k) => ({ kind: 'edit', scope, kitId: k.id, revision: k.revision })),
    );
  }
  return shuffle(rng, changes);
}

/** Sends one change through the gateway as the signed-in admin; resolves with the HTTP status and the new revision. */
export async function sendKitChange(baseUrl, cookie, change, n) {
  const headers = { cookie, origin: baseUrl, 'content-type': 'application/json' };
  let res;
  if (change.kind === 'approve') {
    res = await fetch(`${baseUrl}/api/kit-status?id=${change.kitId}&status=active`, { headers });
  } else if (change.kind === 'delete') {
    res = await fetch(`${baseUrl}/api/admin/bleed-kits?kitId=${change.kitId}`, { method: 'DELETE', headers });
  } else {
    const data = change.kind === 'code' ? { cabinetCode: change.code } : { detailedLocation: `Inside the main entrance, bench change ${n}` };
    res = await fetch(`${baseUrl}/api/admin/kit-edit`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ kitId: change.kitId, revision: change.revision, data }),
    });
  }
  const text = await res.text();
  let revision = null;
  if (res.ok && change.kind !== 'delete') {
    const body = JSON.parse(text);
    revision = (change.kind === 'approve' ? body.kit?.revision : body.revision) ?? null;
  }
  return { status: res.status, revision, error: res.ok ? null : text.slice(0, 300) };
}

/**
 * Open loop: change n is due at start + n / rate whatever the answers are doing. Each change gets `committedAt` (epoch
 * ms, fractional: when its answer had fully arrived), its status and revision. Resolves with the changes and a
 * summary (rate asked and achieved, answer times from the due time, errors, this process's CPU).
 */
export async function sendSteadily(changes, rate, send) {
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const pending = [];
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(changes.length, Math.floor(((performance.now() - started) * rate) / 1000) + 1);
      while (sent < due) {
        const n = sent++;
        const change = changes[n];
        change.dueAt = performance.timeOrigin + started + (n * 1000) / rate;
        pending.push(
          send(change, n).then(
            (r) => Object.assign(change, r, { committedAt: performance.timeOrigin + performance.now() }),
            (err) => Object.assign(change, { status: 0, revision: null, error: String(err), committedAt: null }),
          ),
        );
      }
      if (sent < changes.length) setTimeout(tick, 2);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const answerMs = changes
    .filter((c) => c.committedAt)
    .map((c) => c.committedAt - c.dueAt)
    .sort((a, b) => a - b);
  const failed = changes.filter((c) => c.status < 200 || c.status >= 300);
  const byKind = {};
  for (const c of changes) byKind[c.kind] = (byKind[c.kind] ?? 0) + 1;
  return {
    changes: changes.length,
    byKind,
    rateAsked: rate,
    rateAchieved: round(changes.length / seconds),
    seconds: round(seconds, 2),
    answerMsFromDue: { p50: round(percentile(answerMs, 50)), p99: round(percentile(answerMs, 99)), max: round(answerMs.at(-1) ?? null) },
    errors: failed.length,
    errorExamples: failed.slice(0, 5).map((c) => ({ kind: c.kind, kitId: c.kitId, status: c.status, error: c.error })),
    generatorCpuPercent: Math.round(((cpu.user + cpu.system) / 1e6 / seconds) * 100),
  };
}
