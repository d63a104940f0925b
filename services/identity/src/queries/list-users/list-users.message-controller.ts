import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { IdentitySubjects, type UserListResponse } from '@bleedkits/contracts';
import { ListUsersHandler } from './list-users.handler';

@Controller()
export class ListUsersMessageController {
  constructor(private readonly handler: ListUsersHandler) {}

  @MessagePattern(IdentitySubjects.listUsers)
  handle(): Promise<UserListResponse> {
    return this.handler.execute();
  }
}
