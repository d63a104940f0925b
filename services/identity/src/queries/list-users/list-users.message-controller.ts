import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { type AdminUserRow, IdentitySubjects, type ListPart, type ListPartRequest } from '@bleedkits/contracts';
import { ListUsersHandler } from './list-users.handler';

@Controller()
export class ListUsersMessageController {
  constructor(private readonly handler: ListUsersHandler) {}

  @MessagePattern(IdentitySubjects.listUsers)
  handle(@Payload() req: ListPartRequest<string>): Promise<ListPart<AdminUserRow, string>> {
    return this.handler.execute(req);
  }
}
