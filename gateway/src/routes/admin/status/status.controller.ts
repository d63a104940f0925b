import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AmbulanceFeedSubjects, type SystemStatus, systemStatusOf } from '@bleedkits/contracts';
import { BackupsSubjects, NotificationsSubjects, VerificationSubjects } from '@bleedkits/contracts/wire';
import { Clock, NatsBus } from '@bleedkits/platform';

/** Each context's facts are asked for at once; one that does not answer within this shows as "could not be checked". */
const FACTS_TIMEOUT_MS = 3000;

/**
 * GET /api/admin/status (admin only by path): backups, cloud copies, e-mail, reminder runs and the ambulance feeds in
 * words, green / amber / red with the reason. Each context answers its own facts; the rule in contracts judges them.
 */
@ApiTags('status')
@Controller('api/admin')
export class StatusController {
  constructor(
    private readonly bus: NatsBus,
    private readonly clock: Clock,
  ) {}

  @Get('status')
  @ApiOperation({ summary: 'The register in words: backups, cloud copies, e-mail, reminder runs, ambulance feeds (green / amber / red)' })
  async status(): Promise<SystemStatus> {
    const ask = <T>(request: Promise<T>) => request.catch(() => null);
    const [backups, mail, reminders, feeds] = await Promise.all([
      ask(this.bus.request(BackupsSubjects.statusFacts, {}, FACTS_TIMEOUT_MS)),
      ask(this.bus.request(NotificationsSubjects.statusFacts, {}, FACTS_TIMEOUT_MS)),
      ask(this.bus.request(VerificationSubjects.statusFacts, {}, FACTS_TIMEOUT_MS)),
      ask(this.bus.request(AmbulanceFeedSubjects.statusFacts, {}, FACTS_TIMEOUT_MS)),
    ]);
    return systemStatusOf({ backups, mail, reminders, feeds }, this.clock.now());
  }
}
