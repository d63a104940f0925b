import { AmbulanceFeedSubjects, ErrorCode, FEED_PART_WIRE, type FeedPartRequest, isServiceErrorBody } from '@bleedkits/contracts';
import { type NatsBus, RemoteCallError, decodeReply, encodeRequest } from '@bleedkits/platform';

/** A part of a feed page as the kits context sent it: its records kept as JSON text (a comma-separated list). */
export type RawFeedPart = { count: number; lastRevision: number; exhausted: boolean; recordsJson: string };

/**
 * Reads one part without parsing its records: a 5,000-kit page is about 5 MB of JSON, and parsing it only to write
 * it out again would be most of the gateway's work. The three numbers in front are read (FEED_PART_WIRE); anything
 * else (an error) is decoded as usual.
 */
export async function readFeedPart(bus: NatsBus, request: FeedPartRequest): Promise<RawFeedPart> {
  const bytes = await bus.requestRaw(AmbulanceFeedSubjects.part, encodeRequest(AmbulanceFeedSubjects.part, request));
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  const head = FEED_PART_WIRE.exec(text.slice(0, 400));
  const end = text.lastIndexOf(']');
  if (head && end > 0) {
    return {
      count: Number(head[1]),
      lastRevision: Number(head[2]),
      exhausted: head[3] === 'true',
      recordsJson: text.slice(head.index + head[0].length, end),
    };
  }
  const packet = decodeReply<unknown>(bytes);
  const err = packet.err ?? { code: ErrorCode.Internal, message: 'The feed part could not be read' };
  throw new RemoteCallError(
    isServiceErrorBody(err) ? err : { code: ErrorCode.Internal, message: String((err as { message?: unknown }).message ?? err) },
    AmbulanceFeedSubjects.part,
  );
}
