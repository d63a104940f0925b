import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type GoogleSignInRequest, IdentitySubjects, type UserResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { SignInWithGoogleHandler } from './sign-in-with-google.handler';

@Controller()
export class SignInWithGoogleMessageController {
  constructor(private readonly handler: SignInWithGoogleHandler) {}

  @Handles(IdentitySubjects.googleSignIn)
  handle(@Payload() req: GoogleSignInRequest): Promise<UserResponse> {
    return this.handler.execute(req);
  }
}
