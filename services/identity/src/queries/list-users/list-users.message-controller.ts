import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { type AdminUserRow, IdentitySubjects, type ListPart, type ListPartRequest } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { ListUsersHandler } from './list-users.handler';

@Controller()
export class ListUsersMessageController {
  constructor(private readonly handler: ListUsersHandler) {}

  @Handles(IdentitySubjects.listUsers)
  handle(@Payload() req: ListPartRequest<string>): Promise<ListPart<AdminUserRow, string>> {
    return this.handler.execute(req);
  }
}
