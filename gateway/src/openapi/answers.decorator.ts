import { ApiResponse } from '@nestjs/swagger';

/**
 * Names the contracts type a route answers (with `status`, an answer other than its success status) when the method
 * cannot say it by its return type: it writes the answer itself through `@Res()` (a streamed list, a status chosen
 * at run time). Does nothing at run time: answer-schemas.generator.ts reads the type argument, and the description
 * gets its schema from that type like every other route's.
 */
export const Answers =
  <_Answer>(_status?: number): MethodDecorator =>
  () =>
    undefined;

/** A text answer (a CSV file, the plain-text Maps key), described as a string of its media type. */
export const AnswersText = (mediaType: 'text/csv; charset=utf-8' | 'text/plain; charset=utf-8', description: string) =>
  ApiResponse({ status: 200, description, content: { [mediaType]: { schema: { type: 'string' } } } });

/** A redirect: the browser is sent on to Location, with no body to read. */
export const Redirects = (status: 302 | 303, description: string) =>
  ApiResponse({ status, description, headers: { Location: { description: 'where the browser goes next', schema: { type: 'string' } } } });
