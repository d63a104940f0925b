import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { KitsSubjects, type PostcodePlacesRequest, type PostcodePlacesResponse } from '@bleedkits/contracts';
import { PostcodePlacesHandler } from './postcode-places.handler';

@Controller()
export class PostcodePlacesMessageController {
  constructor(private readonly handler: PostcodePlacesHandler) {}

  @MessagePattern(KitsSubjects.postcodePlaces)
  handle(@Payload() req: PostcodePlacesRequest): Promise<PostcodePlacesResponse> {
    return this.handler.execute(req);
  }
}
