import { type CanActivate, type ExecutionContext, Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { CUSTODIAN_STOP_API_PATH } from '@bleedkits/contracts';
import { canonicalPath } from './canonical-path';

/**
 * Request bodies are JSON. An HTML form (urlencoded, text/plain, multipart) is what another site can post with a
 * victim's cookie without a preflight, so no route parses one; multipart is allowed only on a route that declares
 * an upload (`@ApiConsumes('multipart/form-data')`, which the OpenAPI document needs anyway).
 */
export const BodyMessages = {
  jsonOnly: 'Request bodies must be JSON (Content-Type: application/json).',
  charset: 'JSON request bodies must be UTF-8 (Content-Type: application/json or application/json; charset=utf-8).',
  uploadOnly: 'This call takes a JSON body, not a file upload.',
  encoding: 'Compressed request bodies are not accepted.',
  tooLarge: 'The request body is too large.',
  malformed: 'The request body is not valid JSON.',
  tooDeep: 'The request body is nested too deeply.',
  tooManyValues: 'The request body has too many values.',
  nul: 'Text must not contain a NUL character.',
} as const;

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const JSON_TYPE = 'application/json';
const MULTIPART = 'multipart/form-data';
/** The metadata key of @nestjs/swagger's @ApiConsumes (DECORATORS.API_CONSUMES). */
const API_CONSUMES = 'swagger/apiConsumes';

/**
 * RFC 8058: a mail client's one-click stop posts `List-Unsubscribe=One-Click` as a form. It is let through to the
 * one route that takes it, whose authority is the signed token in the query, never a cookie, and its body is
 * never read (no parser takes forms).
 */
function isOneClickStop(req: Request): boolean {
  return (
    req.method === 'POST' &&
    mediaType(req.headers['content-type']) === 'application/x-www-form-urlencoded' &&
    Number(req.headers['content-length'] ?? Infinity) <= 64 &&
    canonicalPath(req.originalUrl) === CUSTODIAN_STOP_API_PATH
  );
}

/** The media type of a Content-Type header, without parameters, lower case. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * JSON is UTF-8 (RFC 8259). The body parser would decode any `utf-*` charset it knows, and UTF-7 turns
 * `+ADw-script+AD4-` into `<script>` past every check that reads the raw bytes; so only no charset or UTF-8.
 */
export function isUtf8OrNoCharset(header: string | undefined): boolean {
  const charsets = (header ?? '')
    .split(';')
    .slice(1)
    .map((p) => p.split('='))
    .filter(([name]) => name.trim().toLowerCase() === 'charset')
    .map(([, value = '']) =>
      value
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase(),
    );
  return charsets.every((c) => c === 'utf-8' || c === 'utf8');
}

function sendError(res: Response, status: number, message: string): void {
  res.status(status).json({ message, errors: [message] });
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Refuses, before anything reads the body: a body that is neither JSON nor multipart (415), JSON in any charset
 * but UTF-8 (415), any compressed body (415: no zip bombs), and on a state-changing method any non-JSON
 * Content-Type even with an empty body (the empty text/plain form post).
 */
export function jsonBodiesOnly(): RequestHandler {
  return (req, res, next) => {
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase().trim();
    if (hasBody(req) && encoding !== 'identity') return sendError(res, 415, BodyMessages.encoding);
    const type = req.headers['content-type'];
    if (!type) return hasBody(req) ? sendError(res, 415, BodyMessages.jsonOnly) : next();
    if (!hasBody(req) && !STATE_CHANGING.has(req.method)) return next();
    if (mediaType(type) === JSON_TYPE) return isUtf8OrNoCharset(type) ? next() : sendError(res, 415, BodyMessages.charset);
    if (mediaType(type) === MULTIPART) return next();
    if (isOneClickStop(req)) return next();
    return sendError(res, 415, BodyMessages.jsonOnly);
  };
}

/** JSON of at most `limitBytes`, objects or arrays only, never inflated. Its 400/413/415 reach the client as such. */
export function jsonBodyParser(limitBytes: number): RequestHandler {
  return express.json({ limit: limitBytes, strict: true, inflate: false, type: (req) => mediaType(req.headers['content-type']) === JSON_TYPE });
}

export type BodyShapeLimits = { maxDepth: number; maxValues: number };

/** Walks a parsed body without recursion: depth, number of values, NUL in any string or key. */
export function inspectJson(value: unknown, limits: BodyShapeLimits): keyof typeof BodyMessages | null {
  const stack: [unknown, number][] = [[value, 1]];
  let values = 0;
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (++values > limits.maxValues) return 'tooManyValues';
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'nul';
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth > limits.maxDepth) return 'tooDeep';
    for (const [key, child] of Object.entries(v)) {
      if (key.includes('\u0000')) return 'nul';
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

/**
 * After parsing: a body nested deeper than `maxDepth` (class-transformer recursed 10,000 levels into a 500) or
 * with too many values is refused, and so is a NUL anywhere in the body, the path or the query (Postgres text
 * cannot hold one; no form can type one).
 */
export function boundedJsonShape(limits: BodyShapeLimits): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (/%00/.test(req.originalUrl)) return sendError(res, 400, BodyMessages.nul);
    const problem = req.body === undefined ? null : inspectJson(req.body, limits);
    if (problem) return sendError(res, 400, BodyMessages[problem]);
    return next();
  };
}

/**
 * Multipart reaches only the routes that declare an upload in their OpenAPI description; any other route
 * answers 415 before its interceptors (and so before any file parser) run.
 */
@Injectable()
export class UploadsWhereDeclaredGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const req = ctx.switchToHttp().getRequest<Request>();
    if (mediaType(req.headers['content-type']) !== MULTIPART) return true;
    const consumes = this.reflector.getAllAndOverride<string[] | undefined>(API_CONSUMES, [ctx.getHandler(), ctx.getClass()]) ?? [];
    if (consumes.some((t) => mediaType(t) === MULTIPART)) return true;
    throw new UnsupportedMediaTypeException({ message: BodyMessages.uploadOnly, errors: [BodyMessages.uploadOnly] });
  }
}
