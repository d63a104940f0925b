import { AmbulanceFeedSubjects, ErrorCode, FEED_PART_WIRE, type FeedPartRequest, isServiceErrorBody } from '@bleedkits/contracts';
import { type NatsBus, RemoteCallError, decodeReply, encodeRequest } from '@bleedkits/platform';

/** A part of a feed page as the kits context sent it: its records kept as the bytes of a comma-separated JSON list. */
export type RawFeedPart = { count: number; lastRevision: number; exhausted: boolean; records: Uint8Array };

const CLOSING_BRACKET = 0x5d;

/**
 * Reads one part without parsing or even decoding its records: a page of thousands of kits is megabytes of JSON, and
 * turning it into strings only to write it out again would be most of the gateway's work and memory. The three numbers in
 * front are read (FEED_PART_WIRE; the envelope before the records is ASCII, so its characters are its bytes);
 * anything else (an error) is decoded as usual.
 */
export async function readFeedPart(bus: NatsBus, request: FeedPartRequest): Promise<RawFeedPart> {
  const bytes = await bus.requestRaw(AmbulanceFeedSubjects.part, encodeRequest(AmbulanceFeedSubjects.part, request));
  const head = FEED_PART_WIRE.exec(Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(400, bytes.byteLength)).toString('latin1'));
  const end = bytes.lastIndexOf(CLOSING_BRACKET);
  const start = head ? head.index + head[0].length : -1;
  if (head && end >= start) {
    return {
      count: Number(head[1]),
      lastRevision: Number(head[2]),
      exhausted: head[3] === 'true',
      records: bytes.subarray(start, end),
    };
  }
  const packet = decodeReply<unknown>(bytes);
  const err = packet.err ?? { code: ErrorCode.Internal, message: 'The feed part could not be read' };
  throw new RemoteCallError(
    isServiceErrorBody(err) ? err : { code: ErrorCode.Internal, message: String((err as { message?: unknown }).message ?? err) },
    AmbulanceFeedSubjects.part,
  );
}
