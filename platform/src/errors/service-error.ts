import { CodedError, type ServiceErrorBody } from '@bleedkits/contracts';

/**
 * The coded error of the register's services: the contracts' CodedError under the name the services have always
 * used. It carries no framework class, so a pure domain throws the same thing; the RPC filter answers its body.
 */
export const ServiceError = CodedError;
export type ServiceError = CodedError;

/** Thrown by NatsBus when the remote side answered with a coded error or could not be reached. */
export class RemoteCallError extends Error {
  constructor(
    readonly body: ServiceErrorBody,
    readonly subject: string,
  ) {
    super(`${subject}: ${body.code}: ${body.message}`);
    this.name = 'RemoteCallError';
  }
}
