import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { KitsSubjects, type PostcodePlacesRequest, type PostcodePlacesResponse } from '@bleedkits/contracts';
import { Handles } from '@bleedkits/platform';
import { PostcodePlacesHandler } from './postcode-places.handler';

@Controller()
export class PostcodePlacesMessageController {
  constructor(private readonly handler: PostcodePlacesHandler) {}

  @Handles(KitsSubjects.postcodePlaces)
  handle(@Payload() req: PostcodePlacesRequest): Promise<PostcodePlacesResponse> {
    return this.handler.execute(req);
  }
}
