import type { WireRequest, WireResponse, WireSubject } from '@bleedkits/contracts/wire';
import type { PreSerialisedJson } from './nats-transport';
import { recordHandledSubject } from './wire-listeners';

/** True only for `any`: `1 & T` is `any` for nothing else. */
type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * What a handler of `S` may answer: the declared response, or that response already written as JSON
 * (PreSerialisedJson: feed pages and lists built from per-item JSON). PreSerialisedJson carries no type of its own,
 * so for those answers only the request side is checked.
 */
export type WireAnswer<S extends WireSubject> = WireResponse<S> | PreSerialisedJson;

/**
 * The methods `@Handles(subject)` accepts: the first parameter receives the declared request (a parameter may read
 * less of it, never demand more or other), further parameters are Nest's (`@Ctx()`), and the answer is a
 * WireAnswer or a promise of one.
 */
// Nest's own parameters after the payload (`@Ctx() ctx: NatsContext`) are not the wire's: any type may stand there.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type WireHandler<S extends WireSubject> = (req: WireRequest<S>, ...nest: any[]) => WireAnswer<S> | Promise<WireAnswer<S>>;

/**
 * An `any` request or answer (or a `Promise<any>`) would pass any declaration, so the check would say nothing: the descriptor of such a
 * method is refused with a message that names the problem.
 */
type NoAny<M> = M extends (req: infer Req, ...nest: infer _Rest) => infer Res
  ? IsAny<Req> extends true
    ? { 'the request parameter of a @Handles method must be typed (WireRequest<typeof subject>), not any': never }
    : IsAny<Awaited<Res>> extends true
      ? { 'a @Handles method must declare its answer (WireResponse<typeof subject>), not any or Promise<any>': never }
      : unknown
  : unknown;

/**
 * Marks the method that answers a subject of the typed wire (contracts/src/wire), typed from its declaration: a
 * method whose request type asks for a field the declaration does not carry, types a field differently, or answers
 * something else than the declared response does not compile. So a handler's types cannot drift from the schema the
 * request is checked against on receipt (WireRequestInterceptor).
 *
 * It only records the subject on the method: the module's `withWireListeners(...)` makes the NATS listener that
 * passes each request on (wire-listeners.ts). One method may answer several subjects.
 */
export function Handles<S extends WireSubject>(subject: S) {
  return <M extends WireHandler<S>>(_target: object, _key: string | symbol, descriptor: TypedPropertyDescriptor<M> & NoAny<M>): void => {
    if (descriptor.value) recordHandledSubject(descriptor.value, subject);
  };
}
