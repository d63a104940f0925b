import { z } from 'zod';
import { USER_ROLES } from '../enums/role';
import type { Actor } from '../identity/actor';

/**
 * One request/reply subject: the check its request must pass where it is received, and (as types only) what the
 * caller sends and gets back. The check is deliberately about the envelope (which keys, of which kind); the rules of
 * the domain (a kit's fields, who may do what) stay with the handler that owns them.
 */
export type Call<Req, Res> = {
  readonly check: z.ZodType;
  /** Never set: carries the request and response types for NatsBus.request. */
  readonly types?: { request: Req; response: Res };
};

export const call = <Req, Res>(check: z.ZodType): Call<Req, Res> => ({ check });

/** An object with at least these keys (others pass through untouched). */
export const shape = z.looseObject;

/** A request that carries who asks (contracts/src/identity/actor.ts) beside its own fields. */
export type Asked<T = object> = { actor: Actor } & T;

/** Who asks: every command and query that depends on the caller carries it. */
export const actor: z.ZodType<Actor> = z.looseObject({
  id: z.string().min(1),
  role: z.enum(USER_ROLES),
  email: z.string(),
}) as unknown as z.ZodType<Actor>;

/** A kit id as the gateway passes it on: a number, or the digits of a path parameter. */
export const kitId = z.union([z.number().int(), z.string().max(32)]);

/** An object whose fields the handler reads and validates itself (a kit's registration, a checklist). */
export const fields = z.record(z.string(), z.unknown());

export const revision = z.number().int().min(0);

/** The cursor of a list read part by part (contracts/src/paging). */
export const listPart = { after: z.unknown().optional(), limit: z.number().int().positive().optional() };

/** One page of a context's audit entries: filters and the cursor are read and checked by the handler. */
export const auditPageRequest = shape({ actor, after: z.unknown().optional(), limit: z.unknown().optional() });
