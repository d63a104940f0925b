import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer, Reflector } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { OperationObject, ResponseObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { describeFinderRoutes } from '../routes/finder/finder-fast-path';
import { FEED_SECURITY_SCHEME } from '../routes/ambulance-feed/feed-openapi.models';
import { isClientRateLimited } from '../security/client-rate-limit.guard';
import { type RouteAccess, routeAccess } from '../security/guards';
import { ANSWER_SCHEMAS } from './answer-schemas.generated';
import { ERROR_EXAMPLES, OPERATION_EXAMPLES, type OperationExamples } from './examples';
import { describeFeedPushWebhook } from './feed-push-webhook';
import type { AnswerSchemas, JsonSchema } from './answer-schemas.types';
import { SESSION_SECURITY_SCHEME } from './security-schemes';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);
const ERROR_REF = { $ref: '#/components/schemas/ApiError' };

/** One tag per context of the register, in the order a reader meets them. */
const TAGS = [
  { name: 'finder', description: 'The public map and finder: viewport, nearby, search, the offline snapshot, what3words (geo-search)' },
  { name: 'kits', description: 'Registering, editing, deploying and removing kits; the admin kit lists and maintenance tools' },
  { name: 'verification', description: "Kit checks, the 6-monthly verification reports and custodians' reminder runs" },
  { name: 'imports', description: 'CSV registration, CSV comparison and queued CSV updates' },
  { name: 'auth', description: 'Sign-in, registration, passwords, profile and Google sign-in (identity)' },
  { name: 'users', description: 'User management for admins (identity)' },
  { name: 'notifications', description: 'Contact form, custodian mail opt-out, e-mail templates and the outbox' },
  { name: 'ambulance-feed', description: 'The pull feed for ambulance control rooms (bearer key per feed client) and its administration' },
  { name: 'backups', description: 'Database backups and their Dropbox copy' },
  { name: 'statistics', description: 'Counts for the public pages and the admin statistics' },
  { name: 'config', description: 'Site settings, the map key and the lists the forms offer' },
  { name: 'audit', description: 'The append-only trail of admin actions' },
  { name: 'status', description: 'Health of every context and the register described in words for admins' },
];

const ACCESS_WORDS: Record<RouteAccess, string> = {
  public: 'Public: no sign-in.',
  'signed-in': 'Signed-in users (session cookie bk.sid).',
  'owner-or-admin': "Signed-in users (session cookie bk.sid), scoped to the caller's own kits; admins for any.",
  admin: 'Admins only: the session cookie of a user with the admin role (403 for any other user).',
};

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- what Reflector reads metadata from
type Route = { handler: Function; controller: Function };

/**
 * The OpenAPI 3.1 description of /api, built once at boot from the controllers' decorators, the answers' schemas
 * generated from the contracts types (answer-schemas.generated.ts), and what every route shares: who may call it
 * (the rule AccessGuard applies), the error body and the answers of the cross-cutting checks (same-origin rule, JSON
 * bodies only, validation, rate limits).
 */
export function buildApiDescription(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('UK Bleed Kit Register API')
    .setDescription(
      'The /api surface of the register. Browser calls sign in with the session cookie `bk.sid` and must come from the ' +
        "site's own origin (a cross-site state change is refused with 403); ambulance control rooms use a bearer key per feed " +
        'client. Every failing call answers `{message, errors?, errorId?}`: `errors` lists every validation problem at once, and ' +
        'a 5xx carries the `errorId` under which its cause was logged.',
    )
    .setVersion('1')
    .addServer('/', 'the origin that serves this description')
    .addCookieAuth('bk.sid', { type: 'apiKey', in: 'cookie', name: 'bk.sid', description: 'the session, set by sign-in' }, SESSION_SECURITY_SCHEME)
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', description: 'an ambulance-feed key (bkf_…), issued by an admin per feed client' },
      FEED_SECURITY_SCHEME,
    )
    .build();
  const document = describeFinderRoutes(SwaggerModule.createDocument(app, config));
  return describeFeedPushWebhook(completeDescription(document, routesByOperationId(app), app.get(Reflector), ANSWER_SCHEMAS));
}

/** Each Nest route's handler and controller class, by @nestjs/swagger's default operationId. */
function routesByOperationId(app: INestApplication): Map<string, Route> {
  const routes = new Map<string, Route>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller?.prototype) continue;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        // The descriptor, not the property: reading a getter on the prototype would run it without an instance.
        const handler: unknown = Object.getOwnPropertyDescriptor(controller.prototype, name)?.value;
        if (typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        routes.set(`${controller.name}_${name}`, { handler, controller });
      }
    }
  }
  return routes;
}

export function completeDescription(
  document: OpenAPIObject,
  routes: Map<string, Route>,
  reflector: Reflector,
  schemas: AnswerSchemas,
): OpenAPIObject {
  const doc = toOpenApi31(document);
  doc.tags = TAGS;
  const components = (doc.components ??= {});
  const named = (components.schemas ??= {});
  for (const [name, schema] of Object.entries(schemas.components)) {
    if (named[name]) throw new Error(`two schemas named ${name}: a DTO or model class and a contracts type`);
    named[name] = schema as SchemaObject;
  }

  for (const [template, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const route = operation.operationId ? routes.get(operation.operationId) : undefined;
      const targets = route ? [route.handler, route.controller] : [];
      const guarded = routeAccess((key) => reflector.getAllAndOverride<boolean>(key, targets) === true, template);
      // A route that checks the session itself (GET /api/auth/user) declares the cookie with @ApiSecurity.
      const ownCheck = operation.security?.some((requirement) => SESSION_SECURITY_SCHEME in requirement);
      const access = guarded === 'public' && ownCheck ? 'signed-in' : guarded;
      describeAccess(operation, access);
      const success = String(
        route ? ((Reflect.getMetadata(HTTP_CODE_METADATA, route.handler) as number | undefined) ?? (method === 'post' ? 201 : 200)) : 200,
      );
      describeAnswers(operation, success, operation.operationId ? schemas.answers[operation.operationId] : undefined);
      // The finder's fast-path routes (no Nest route) describe their own refusals.
      if (route) describeRefusals(operation, method, template, access, isClientRateLimited(reflector, targets));
      // Node's HTTP parser answers it before any route, with no body.
      operation.responses['431'] ??= { description: 'the request line or headers are too large (a query string over the limit): no body' };
      if (operation.operationId && OPERATION_EXAMPLES[operation.operationId]) {
        describeExamples(operation, OPERATION_EXAMPLES[operation.operationId]);
      }
    }
  }
  if (named.ApiErrorBody) named.ApiErrorBody = { ...named.ApiErrorBody, examples: ERROR_EXAMPLES };
  return doc;
}

/**
 * The JSON examples of a request body and answers (examples.ts). An example for a body or status the operation
 * does not describe is a mistake in examples.ts, so it fails the build rather than vanish.
 */
function describeExamples(operation: OperationObject, examples: OperationExamples): void {
  const name = operation.operationId ?? '';
  const json = (content: Record<string, { example?: unknown }> | undefined, where: string) => {
    // The feed names its charset ('application/json; charset=utf-8').
    const key = Object.keys(content ?? {}).find((k) => k.split(';')[0].trim() === 'application/json');
    const media = key ? content?.[key] : undefined;
    if (!media) throw new Error(`examples.ts: ${name} has no JSON ${where} to give an example`);
    return media;
  };
  if (examples.request !== undefined) {
    const body = operation.requestBody;
    json(body && 'content' in body ? body.content : undefined, 'request body').example = examples.request;
  }
  for (const [status, example] of Object.entries(examples.answers ?? {})) {
    const response = operation.responses[status] as ResponseObject | undefined;
    json(response?.content, `${status} answer`).example = example;
  }
}

/** Who may call: the security requirement (an empty one for a public call) and the same in words. */
function describeAccess(operation: OperationObject, access: RouteAccess): void {
  if (operation.security?.some((requirement) => FEED_SECURITY_SCHEME in requirement)) return; // the feed's bearer key
  operation.security = access === 'public' ? [] : [{ [SESSION_SECURITY_SCHEME]: [] }];
  (operation as unknown as Record<string, unknown>)['x-required-role'] = access === 'admin' ? 'admin' : access === 'public' ? 'none' : 'user';
  operation.description = [ACCESS_WORDS[access], operation.description].filter(Boolean).join('\n\n');
}

/** The success answer's schema from the contracts type the route answers, unless the route describes its own. */
function describeAnswers(operation: OperationObject, success: string, answers: Record<string, JsonSchema> | undefined): void {
  if (!answers) return;
  for (const [status, schema] of Object.entries(answers)) {
    const key = status === 'success' ? success : status;
    const response = (operation.responses[key] ??= { description: '' }) as ResponseObject;
    if (response.content && Object.values(response.content).some((media) => media.schema)) continue;
    response.content = { 'application/json': { schema: schema as SchemaObject } };
  }
}

/**
 * The refusals every route of its kind can answer, each with the one error body: 400 / 413 / 415 for input that
 * fails validation or a body that is not small UTF-8 JSON, 401 / 403 from AccessGuard, 403 from the same-origin rule
 * on a state change, 404 for a path naming nothing, 429 for a rate-limited route, and 5XX. What a context refuses
 * beyond these (a 404 for an id in a body, a 409) its route declares itself.
 */
function describeRefusals(operation: OperationObject, method: string, template: string, access: RouteAccess, rateLimited: boolean): void {
  const responses = operation.responses;
  const add = (status: string, description: string) => {
    const response = (responses[status] ??= { description }) as ResponseObject;
    if (!response.description) response.description = description;
    response.content ??= { 'application/json': { schema: ERROR_REF } };
  };
  const changesState = STATE_CHANGING.has(method) || template === '/api/kit-status';
  // Any request may carry a body, and every Nest route reads one only if it is small UTF-8 JSON (request-bodies.ts).
  add('400', 'the request is not valid (its parameters, or a body that is not JSON): `errors` lists every problem');
  if (access !== 'public') add('401', 'not signed in');
  if (access === 'admin') add('403', 'signed in without the admin role, or a cross-site request');
  if (changesState) add('403', 'a cross-site request (the same-origin rule)');
  const namesRecord = (operation.parameters ?? []).some((p) => 'in' in p && (p.in === 'path' || (p.in === 'query' && /id$/i.test(p.name))));
  if (namesRecord) add('404', 'nothing of that id');
  add('413', 'the body is larger than the limit');
  add('415', 'the body is not UTF-8 JSON (or multipart where the route takes a file)');
  if (rateLimited) add('429', 'too many requests from this client; see Retry-After');
  for (const [status, response] of Object.entries(responses)) {
    if (/^[45]/.test(status)) (response as ResponseObject).content ??= { 'application/json': { schema: ERROR_REF } };
  }

  add('5XX', 'the register failed to answer: 500 (errorId names the logged cause), 503 a context down or starting, 504 no answer in time');
}

/** @nestjs/swagger writes OpenAPI 3.0 (`nullable`); 3.1 schemas are JSON Schema, which the answers' schemas already are. */
function toOpenApi31(document: OpenAPIObject): OpenAPIObject {
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (o.nullable === true) {
      delete o.nullable;
      const composed = ['$ref', 'allOf', 'anyOf', 'oneOf'].some((k) => k in o);
      if (typeof o.type === 'string' && !composed) {
        o.type = [o.type, 'null'];
        if (Array.isArray(o.enum)) o.enum = [...(o.enum as unknown[]), null];
      } else {
        const { description: _description, ...inner } = o;
        for (const key of Object.keys(o)) if (key !== 'description') delete o[key];
        o.anyOf = [inner, { type: 'null' }];
      }
    } else if (o.nullable === false) {
      delete o.nullable;
    }
    Object.values(o).forEach(walk);
  };
  walk(document.paths);
  walk(document.components?.schemas);
  return { ...document, openapi: '3.1.0' };
}
