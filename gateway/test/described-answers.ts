import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { gunzipSync } from 'node:zlib';

/**
 * Every answer an e2e suite receives is checked against the gateway's own OpenAPI description
 * (/api/docs/openapi.json): its status must be declared by the operation, and its body must match the schema
 * declared for that status and media type. HttpClient runs it on every call; `describedFetch` and `checkDescribed`
 * are for suites that call fetch or node:http themselves. Paths and methods the description does not name are not
 * operations (a 404 probe, a path spelled otherwise) and pass unchecked.
 *
 * Checked strictly: an object may carry only the properties its schema names, so a field added to an answer without
 * its description (or leaked into it) fails the suite as surely as a missing one.
 */
export type ReceivedAnswer = { status: number; headers: Headers | Record<string, string | string[] | undefined>; body: Buffer | string };

type Schema = Record<string, unknown>;
type Response = { description?: string; content?: Record<string, { schema?: Schema }> };
type Operation = { operationId?: string; responses: Record<string, Response> };
type Description = { paths: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

const descriptions = new Map<string, Promise<ApiDescription>>();

export class ApiDescription {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly templates: { template: string; pattern: RegExp; params: number }[];

  private constructor(private readonly doc: Description) {
    addFormats(this.ajv);
    this.ajv.addSchema(closed(structuredClone(doc)) as Schema, 'api');
    // The fewest parameters first: /api/bleed-kits/user before /api/bleed-kits/{id}, as the router registers them.
    this.templates = Object.keys(doc.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        params: (template.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.params - b.params);
  }

  /** A description given as a document (the unit specs of the checks themselves). */
  static of(doc: Record<string, unknown>): ApiDescription {
    return new ApiDescription(doc as Description);
  }

  /** The description the gateway at `baseUrl` serves, read once per gateway. */
  static for(baseUrl: string): Promise<ApiDescription> {
    let description = descriptions.get(baseUrl);
    if (!description) {
      description = fetch(`${baseUrl}/api/docs/openapi.json`).then(async (res) => {
        if (res.status !== 200) throw new Error(`GET /api/docs/openapi.json answered ${res.status}`);
        return new ApiDescription((await res.json()) as Description);
      });
      descriptions.set(baseUrl, description);
      description.catch(() => descriptions.delete(baseUrl));
    }
    return description;
  }

  /** What is wrong with the answer to `method path` against its description; null when it matches or is no operation. */
  problem(method: string, path: string, answer: ReceivedAnswer): string | null {
    const pathname = path.split('?')[0];
    const template = this.templates.find((t) => t.pattern.test(pathname))?.template;
    const operation = template ? this.doc.paths[template][method.toLowerCase()] : undefined;
    if (!template || !operation) return null;
    const name = `${method.toUpperCase()} ${template} (${operation.operationId ?? 'no operationId'})`;
    const status = String(answer.status);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => operation.responses[k]);
    if (!key)
      return `${name} answered ${status}, which its description does not declare (it declares ${Object.keys(operation.responses).join(', ')})`;
    if (answer.status === 304 || answer.status === 204 || (answer.status >= 300 && answer.status < 400) || method.toUpperCase() === 'HEAD') {
      return null;
    }
    const declared = operation.responses[key].content ?? {};
    const text = bodyText(answer);
    // A body without a Content-Type is application/octet-stream to its recipient (RFC 9110, 8.3).
    const received = mediaType(header(answer.headers, 'content-type')) || (text ? 'application/octet-stream' : '');
    if (!text && !received) return Object.keys(declared).length ? `${name} answered ${status} with no body; its description declares one` : null;
    const mediaKey = Object.keys(declared).find((k) => mediaType(k) === received);
    if (!mediaKey) {
      return `${name} answered ${status} as ${received || 'no media type'}; its description declares ${Object.keys(declared).join(', ') || 'no body'}`;
    }
    if (!declared[mediaKey].schema) return `${name}: the ${status} answer's ${mediaKey} has no schema in the description`;
    let value: unknown = text;
    if (/[/+]json$/.test(received)) {
      try {
        value = JSON.parse(text);
      } catch {
        return `${name} answered ${status} as ${received} with a body that is not JSON: ${text.slice(0, 200)}`;
      }
    }
    const validate = this.validator(template, method.toLowerCase(), key, mediaKey);
    if (validate(value)) return null;
    const errors = (validate.errors ?? []).map(
      (e) => `  ${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
    );
    return `${name} answered ${status} with a body its description does not allow:\n${errors.join('\n')}\nbody: ${text.slice(0, 600)}`;
  }

  /**
   * Every example the description gives, checked as strictly as an answer against the schema it illustrates: a
   * media type's or parameter's `example` and `examples` against its `schema`, and a schema's own `example` and
   * `examples` against that schema. Each problem names where the example is.
   */
  exampleProblems(): { count: number; problems: string[] } {
    const found: { at: string[]; schemaAt: string[]; value: unknown }[] = [];
    const walk = (node: unknown, at: string[]): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, [...at, String(i)]));
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      // A media type or parameter holds `schema`; anything else carrying an example inside a schema is a schema.
      const inSchema = at.includes('schema') || at.includes('schemas');
      const schemaAt = 'schema' in o && !inSchema ? [...at, 'schema'] : inSchema ? at : null;
      if (schemaAt) {
        if ('example' in o) found.push({ at: [...at, 'example'], schemaAt, value: o.example });
        const examples = o.examples;
        if (Array.isArray(examples) && inSchema) examples.forEach((value, i) => found.push({ at: [...at, 'examples', String(i)], schemaAt, value }));
        else if (examples && typeof examples === 'object' && !inSchema) {
          for (const [name, example] of Object.entries(examples as Record<string, { value?: unknown }>)) {
            if ('value' in example) found.push({ at: [...at, 'examples', name, 'value'], schemaAt, value: example.value });
          }
        }
      }
      for (const [key, value] of Object.entries(o)) if (key !== 'example' && key !== 'examples') walk(value, [...at, key]);
    };
    walk(this.doc, []);
    const problems = found.flatMap(({ at, schemaAt, value }) => {
      const validate = this.validatorAt(schemaAt);
      if (validate(value)) return [];
      const errors = (validate.errors ?? []).map(
        (e) => `${e.instancePath || '(example)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`,
      );
      return [`${at.join(' › ')}: ${errors.join('; ')}`];
    });
    return { count: found.length, problems };
  }

  private validator(template: string, method: string, status: string, media: string): ValidateFunction {
    return this.validatorAt(['paths', template, method, 'responses', status, 'content', media, 'schema']);
  }

  private validatorAt(path: string[]): ValidateFunction {
    const pointer = path.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1'));
    const ref = `api#/${pointer.map(encodeURIComponent).join('/')}`;
    let validate = this.validators.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.validators.set(ref, validate);
    }
    return validate;
  }
}

/**
 * What checkDescribed throws: its own class, so a load loop that counts network failures as status 0 can tell a
 * drifted answer apart and fail on it instead.
 */
export class AnswerDrift extends Error {
  override readonly name = 'AnswerDrift';
}

/** Fails (throws AnswerDrift) when the answer is not one its operation describes. */
export async function checkDescribed(baseUrl: string, method: string, path: string, answer: ReceivedAnswer): Promise<void> {
  const problem = (await ApiDescription.for(baseUrl)).problem(method, path, answer);
  if (problem) throw new AnswerDrift(`The answer drifted from /api/docs/openapi.json: ${problem}`);
}

/** fetch, with the answer checked against the description; the Response is returned unread. */
export async function describedFetch(url: string, init: RequestInit = {}): Promise<globalThis.Response> {
  const res = await fetch(url, init);
  const { origin, pathname, search } = new URL(url);
  await checkDescribed(origin, init.method ?? 'GET', pathname + search, {
    status: res.status,
    headers: res.headers,
    body: Buffer.from(await res.clone().arrayBuffer()),
  });
  return res;
}

function header(headers: ReceivedAnswer['headers'], name: string): string {
  if (headers instanceof Headers) return headers.get(name) ?? '';
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

function mediaType(contentType: string): string {
  return contentType.split(';')[0].trim().toLowerCase();
}

/** The body as text; a gzip body read by node:http (fetch decodes it itself) is unzipped. */
function bodyText(answer: ReceivedAnswer): string {
  if (typeof answer.body === 'string') return answer.body;
  const gzip = !(answer.headers instanceof Headers) && header(answer.headers, 'content-encoding') === 'gzip';
  return (gzip ? gunzipSync(answer.body) : answer.body).toString('utf8');
}

/**
 * Each object schema that names its properties and says nothing of others allows no others (unevaluatedProperties,
 * so properties described through allOf / $ref still count).
 */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) node.forEach(closed);
  else if (node && typeof node === 'object') {
    const o = node as Record<string, unknown>;
    Object.values(o).forEach(closed);
    if (o.properties && typeof o.properties === 'object' && !('additionalProperties' in o) && !('unevaluatedProperties' in o)) {
      o.unevaluatedProperties = false;
    }
  }
  return node;
}
