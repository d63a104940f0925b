import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type AdminUpdateUserRequest,
  type UpdateProfileRequest,
  type UpdateProfileResponse,
  type UserResponse,
  adminUserEditRules,
} from '@bleedkits/contracts';
import { IdentitySubjects } from '@bleedkits/contracts/wire';
import { Handles } from '@bleedkits/platform';
import { UpdateProfileHandler } from './update-profile.handler';

@Controller()
export class UpdateProfileMessageController {
  constructor(private readonly handler: UpdateProfileHandler) {}

  @Handles(IdentitySubjects.updateProfile)
  handle(@Payload() req: UpdateProfileRequest): Promise<UpdateProfileResponse> {
    return this.handler.execute(req);
  }

  @Handles(IdentitySubjects.adminUpdateUser)
  adminEdit(@Payload() req: AdminUpdateUserRequest): Promise<UserResponse> {
    return this.handler.executeAsAdmin(req, adminUserEditRules, req.actor);
  }
}
