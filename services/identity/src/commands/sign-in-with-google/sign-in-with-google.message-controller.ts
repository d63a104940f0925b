import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type GoogleSignInRequest, IdentitySubjects, type UserResponse } from '@bleedkits/contracts';
import { SignInWithGoogleHandler } from './sign-in-with-google.handler';

@Controller()
export class SignInWithGoogleMessageController {
  constructor(private readonly handler: SignInWithGoogleHandler) {}

  @MessagePattern(IdentitySubjects.googleSignIn)
  handle(@Payload() req: GoogleSignInRequest): Promise<UserResponse> {
    return this.handler.execute(req);
  }
}
