import { Inject, Injectable } from '@nestjs/common';
import {
  type MatchKitsRequest,
  type MatchKitsResponse,
  type RegisterBatchRequest,
  type RegisterBatchResponse,
  type UpdateIfUnchangedRequest,
  type UpdateIfUnchangedResponse,
} from '@bleedkits/contracts';
import { KitsSubjects } from '@bleedkits/contracts/wire';
import { NatsBus } from '@bleedkits/platform';
import { IMPORTS_ENV, type ImportsEnv } from '../config/env';

/** The kits context's commands this context uses; kits applies its own rules to every one. */
@Injectable()
export class KitsClient {
  constructor(
    private readonly bus: NatsBus,
    @Inject(IMPORTS_ENV) private readonly env: ImportsEnv,
  ) {}

  registerBatch(req: RegisterBatchRequest): Promise<RegisterBatchResponse> {
    return this.bus.request(KitsSubjects.registerBatch, req, this.env.IMPORTS_KITS_TIMEOUT_MS);
  }

  updateIfUnchanged(req: UpdateIfUnchangedRequest): Promise<UpdateIfUnchangedResponse> {
    return this.bus.request(KitsSubjects.updateIfUnchanged, req, this.env.IMPORTS_KITS_TIMEOUT_MS);
  }

  match(req: MatchKitsRequest): Promise<MatchKitsResponse> {
    return this.bus.request(KitsSubjects.matchForComparison, req, this.env.IMPORTS_KITS_TIMEOUT_MS);
  }
}
