import { Injectable } from '@nestjs/common';
import { FeedMessages } from '@bleedkits/contracts';
import { ServiceError } from '@bleedkits/platform';
import { AmbulanceFeedRepository, type FeedClientRecord } from '../../database/ambulance-feed.repository';

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Every feed request names its key by hash; a revoked, unknown or malformed key gets the same answer. */
@Injectable()
export class FeedClientAuth {
  constructor(private readonly repo: AmbulanceFeedRepository) {}

  async client(keyHash: unknown): Promise<FeedClientRecord> {
    const client = typeof keyHash === 'string' && SHA256_HEX.test(keyHash) ? await this.repo.activeClientByKeyHash(keyHash) : null;
    if (!client) throw ServiceError.unauthenticated(FeedMessages.unauthorised);
    return client;
  }
}
