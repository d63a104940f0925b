import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

function messagesOf(errors: ValidationError[]): string[] {
  return errors.flatMap((e) => [...Object.values(e.constraints ?? {}), ...messagesOf(e.children ?? [])]);
}

/**
 * DTO validation answering 400 {message, errors}: every failed rule at once, in the spec's words.
 * - whitelist + forbidNonWhitelisted: a property no DTO declares is refused, not silently dropped (nested too);
 * - no implicit conversion: `["a","b"]` never becomes "a,b", `[53.8]` never 53.8 (each field states its type);
 * - forbidUnknownValues: a body that is not an object where a DTO is expected is refused.
 */
export function contractValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    stopAtFirstError: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const messages = messagesOf(errors);
      return new BadRequestException({ message: messages.join(' '), errors: messages });
    },
  });
}
