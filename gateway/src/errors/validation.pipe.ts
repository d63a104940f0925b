import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

function messagesOf(errors: ValidationError[]): string[] {
  return errors.flatMap((e) => [...Object.values(e.constraints ?? {}), ...messagesOf(e.children ?? [])]);
}

/** DTO validation answering 400 {message, errors}: every failed rule at once, in the spec's words. */
export function contractValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    stopAtFirstError: false,
    exceptionFactory: (errors) => {
      const messages = messagesOf(errors);
      return new BadRequestException({ message: messages.join(' '), errors: messages });
    },
  });
}
