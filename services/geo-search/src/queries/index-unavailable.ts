import { CodedError, ErrorCode } from '@bleedkits/contracts';

export const INDEX_LOADING_MESSAGE = 'The kit finder is starting up. Please try again in a moment.';

/**
 * Until the first complete read of the register is indexed the replica is not in its queue group, so no query reaches
 * it; one asked directly answers 'service unavailable' rather than a partial map.
 */
export const indexLoading = () => new CodedError({ code: ErrorCode.ServiceUnavailable, message: INDEX_LOADING_MESSAGE, retryAfterSeconds: 1 });

export const SNAPSHOT_BEING_MADE_MESSAGE = 'The offline copy of the register is being made. Please try again in a moment.';
/** A cautious rate of making the document, for the Retry-After of a replica still making its first one (bench:snapshot measures the real rate). */
const KITS_MADE_PER_SECOND = 40_000;

/** The public snapshot of a replica that is still making its first one (answered at once, not after the gateway gave up). */
export const snapshotBeingMade = (kits: number) =>
  new CodedError({
    code: ErrorCode.ServiceUnavailable,
    message: SNAPSHOT_BEING_MADE_MESSAGE,
    retryAfterSeconds: Math.min(60, Math.max(1, Math.ceil(kits / KITS_MADE_PER_SECOND))),
  });
