import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { CodedError } from '@bleedkits/contracts';
import { malformedRequestBody, wireRequestProblems } from '@bleedkits/contracts/wire';
import { type Observable, throwError } from 'rxjs';

/**
 * Checks a request on a subject of the typed wire before its handler runs: a malformed payload (not an object, no
 * actor, a kit id of the wrong kind...) is refused with a coded 400 naming what is wrong, never a handler's crash.
 */
@Injectable()
export class WireRequestInterceptor implements NestInterceptor {
  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'rpc') return next.handle();
    const subject = ctx.switchToRpc().getContext<NatsContext>().getSubject();
    const problems = wireRequestProblems(subject, ctx.switchToRpc().getData());
    if (problems.length) return throwError(() => new CodedError(malformedRequestBody(subject, problems)));
    return next.handle();
  }
}
