import { Injectable } from '@nestjs/common';

/** The time the status page judges facts at; e2e tests move it to make a feed key silent or a backup old. */
@Injectable()
export class StatusClock {
  now(): Date {
    return new Date();
  }
}
