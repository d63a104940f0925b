import { Controller, type DynamicModule, Inject, type Provider, type Type } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { WireSubject } from '@bleedkits/contracts/wire';

/** Where `@Handles` records, on a handler's method, the subjects it answers (a method may answer several). */
const HANDLED_SUBJECTS = Symbol('bleedkits:handled-subjects');

export function recordHandledSubject(method: object, subject: WireSubject): void {
  const subjects: WireSubject[] = Reflect.getMetadata(HANDLED_SUBJECTS, method) ?? [];
  Reflect.defineMetadata(HANDLED_SUBJECTS, [...subjects, subject], method);
}

/** The `@Handles` methods of a class, each with the subjects it answers. */
function handledMethods(type: Type): { key: string; subjects: WireSubject[] }[] {
  const found: { key: string; subjects: WireSubject[] }[] = [];
  for (let proto = type.prototype; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      if (key === 'constructor' || found.some((m) => m.key === key)) continue;
      const method = Object.getOwnPropertyDescriptor(proto, key)?.value;
      const subjects: WireSubject[] | undefined = typeof method === 'function' ? Reflect.getMetadata(HANDLED_SUBJECTS, method) : undefined;
      if (subjects?.length) found.push({ key, subjects });
    }
  }
  return found;
}

const listeners = new WeakMap<Type, Type>();

/**
 * The NATS listener of a handler whose methods carry `@Handles`: a controller made here, so that a use case is one
 * handler and its spec, with no message controller written to pass the request on. It receives each subject, hands
 * the request to the handler's method unchanged and answers what the method answers; the global interceptors (the
 * request's check against its declaration, tracing, metrics) and the coded-error filter run around it as around any
 * controller.
 */
function wireListenerOf(handler: Type): Type | undefined {
  const methods = handledMethods(handler);
  if (methods.length === 0) return undefined;
  const known = listeners.get(handler);
  if (known) return known;

  class Listener {
    constructor(readonly handler: Record<string, (req: unknown) => unknown>) {}
  }
  Object.defineProperty(Listener, 'name', { value: `${handler.name}Listener` });
  Inject(handler)(Listener, undefined, 0);
  Controller()(Listener);
  for (const { key, subjects } of methods) {
    for (const subject of subjects) {
      const name = subjects.length === 1 ? key : `${key}:${subject}`;
      const descriptor: PropertyDescriptor = {
        value: function (this: Listener, req: unknown) {
          return this.handler[key](req);
        },
        writable: true,
        configurable: true,
      };
      Object.defineProperty(descriptor.value, 'name', { value: name });
      Object.defineProperty(Listener.prototype, name, descriptor);
      MessagePattern(subject)(Listener.prototype, name, descriptor);
      Payload()(Listener.prototype, name, 0);
    }
  }
  listeners.set(handler, Listener);
  return Listener;
}

/** The listeners of a module's providers: every class provider with `@Handles` methods gets one. */
function wireListeners(providers: readonly Provider[]): Type[] {
  const types = providers.map((p) => (typeof p === 'function' ? p : 'useClass' in p ? p.useClass : undefined));
  return types.flatMap((type) => (type ? (wireListenerOf(type) ?? []) : []));
}

/** A context's module with the listeners of its handlers added to its controllers. */
export function withWireListeners(module: DynamicModule): DynamicModule {
  return { ...module, controllers: [...(module.controllers ?? []), ...wireListeners(module.providers ?? [])] };
}
