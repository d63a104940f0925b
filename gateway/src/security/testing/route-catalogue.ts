import { request as httpRequest } from 'node:http';
import { Client } from 'pg';
import { checkDescribed } from '../../../test/described-answers';

/** One documented call: method, OpenAPI path template, its parameters and the JSON body's fields. */
export type DocumentedRoute = {
  method: string;
  /** e.g. /api/bleed-kits/{id}/deployment-status */
  template: string;
  pathParams: string[];
  queryParams: string[];
  /** Top-level body fields, and for a nested object field its own fields (e.g. data → KitEditDataDto). */
  bodyFields: { name: string; nested: string[] }[];
  hasJsonBody: boolean;
  consumesMultipart: boolean;
};

type Schema = { $ref?: string; properties?: Record<string, Schema>; type?: string };
type Operation = {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

/**
 * Every call of the /api surface, read from the gateway's own OpenAPI document, so a route another engineer
 * adds is covered by the security tests without anyone listing it (the finder's fast-path routes are in the
 * document too).
 */
export async function documentedRoutes(baseUrl: string): Promise<DocumentedRoute[]> {
  const doc = (await (await fetch(`${baseUrl}/api/docs/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, Schema> };
  };
  const schemas = doc.components?.schemas ?? {};
  const resolve = (s: Schema | undefined): Schema | undefined => (s?.$ref ? schemas[s.$ref.split('/').pop()!] : s);
  const routes: DocumentedRoute[] = [];
  for (const [template, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const body = resolve(content['application/json']?.schema);
      routes.push({
        method: method.toUpperCase(),
        template,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.entries(body?.properties ?? {}).map(([name, s]) => ({ name, nested: Object.keys(resolve(s)?.properties ?? {}) })),
        hasJsonBody: body !== undefined,
        consumesMultipart: Object.keys(content).some((t) => t.startsWith('multipart/form-data')),
      });
    }
  }
  return routes;
}

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Fills a template's parameters: by name from `values`, else '1'. */
export function fillPath(template: string, values: Record<string, string> = {}): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? '1');
}

/**
 * Other spellings of the same path: upper case, a capital inside, a trailing slash, doubled slashes, and
 * percent-encoding of a letter of a fixed segment (and of a slash). The router must route none of them, and the
 * security rules must treat each like the real path.
 */
export function otherSpellings(path: string): { label: string; path: string }[] {
  const [pathname, query] = path.split('?');
  const q = query === undefined ? '' : `?${query}`;
  const segments = pathname.split('/');
  // The first fixed segment after /api: encode its first letter.
  const i = segments.findIndex((s, k) => k > 1 && /^[a-z]/i.test(s));
  const encodedSegments = [...segments];
  if (i > 0) encodedSegments[i] = `%${segments[i].charCodeAt(0).toString(16).toUpperCase()}${segments[i].slice(1)}`;
  return [
    { label: 'upper case', path: pathname.toUpperCase() + q },
    { label: 'capital inside', path: pathname.replace(/\/api\/([a-z])/, (_, c: string) => `/api/${c.toUpperCase()}`) + q },
    { label: 'API prefix', path: pathname.replace(/^\/api/, '/API') + q },
    { label: 'trailing slash', path: `${pathname}/${q}` },
    { label: 'double slash inside', path: pathname.replace(/^\/api\//, '/api//') + q },
    { label: 'leading double slash', path: `/${pathname}${q}` },
    { label: 'percent-encoded letter', path: encodedSegments.join('/') + q },
    { label: 'percent-encoded slash', path: pathname.replace(/^\/api\//, '/api%2F') + q },
  ];
}

export type RawAnswer = { status: number; text: string; headers: Record<string, string | string[] | undefined> };

/**
 * A request exactly as given (any method with any body, any path spelling, no normalisation by fetch). Resolves
 * with the answer even when the server closes the connection while a large body is still being written.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer | string,
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { connection: 'close', ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const answer = { status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), headers: res.headers };
          checkDescribed(baseUrl, method, path, { status: answer.status, headers: res.headers, body: Buffer.concat(chunks) }).then(
            () => resolve(answer),
            reject,
          );
        });
        res.on('error', reject);
      },
    );
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** Runs `tasks` with at most `width` in flight. */
export async function inParallel<T>(tasks: (() => Promise<T>)[], width = 8): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

/**
 * A fingerprint of every row of every table in the given schemas (md5 of the rows in a stable order), to prove
 * that a burst of requests stored nothing.
 */
export async function tableFingerprints(databaseUrl: string, schemas: readonly string[]): Promise<Record<string, string>> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const tables = await db.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema = ANY($1) AND table_name NOT LIKE '%migrations%' ORDER BY 1, 2`,
      [schemas],
    );
    const out: Record<string, string> = {};
    for (const t of tables.rows) {
      const { rows } = await db.query<{ n: string; digest: string | null }>(
        `SELECT count(*) AS n, md5(string_agg(r::text, '|' ORDER BY r::text)) AS digest FROM "${t.schema}"."${t.name}" r`,
      );
      out[`${t.schema}.${t.name}`] = `${rows[0].n}:${rows[0].digest ?? ''}`;
    }
    return out;
  } finally {
    await db.end();
  }
}
