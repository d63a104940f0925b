import { randomUUID } from 'node:crypto';

/**
 * Nest's NATS transport frames a request as {pattern, data, id} and answers {id, response | err, isDisposed}.
 * The gateway and service-to-service callers speak it directly through NatsBus, so they can add timeouts,
 * trace headers and (for geo-search) pass pre-serialised bytes through untouched.
 */
export type NestRequestPacket<T> = { pattern: string; data: T; id: string };
export type NestReplyPacket<R> = { id: string; response?: R; err?: unknown; isDisposed?: boolean; status?: string };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function encodeRequest<T>(subject: string, data: T): Uint8Array {
  const packet: NestRequestPacket<T> = { pattern: subject, data, id: randomUUID() };
  return encoder.encode(JSON.stringify(packet));
}

/** An event has no id: Nest dispatches it to @EventPattern handlers and sends no reply. */
export function encodeEvent<T>(subject: string, data: T): Uint8Array {
  return encoder.encode(JSON.stringify({ pattern: subject, data }));
}

export function decodeReply<R>(bytes: Uint8Array): NestReplyPacket<R> {
  return JSON.parse(decoder.decode(bytes)) as NestReplyPacket<R>;
}
