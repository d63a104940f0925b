import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches, MaxLength } from 'class-validator';
import { BACKUP_PAGE_SIZE, BACKUP_PAGE_SIZE_MAX, DROPBOX_TOKEN_MAX_LENGTH, type DropboxSetupRequest, dropboxTokenRules } from '../backups/backups';
import { Satisfies } from './satisfies';

/** POST /api/admin/dropbox-setup: the spec's three messages, plus a length bound. */
export class DropboxSetupDto implements DropboxSetupRequest {
  @ApiProperty({
    description: 'A Dropbox access token with files.content.read and files.content.write',
    minLength: 20,
    maxLength: DROPBOX_TOKEN_MAX_LENGTH,
  })
  @Satisfies(dropboxTokenRules.token)
  @MaxLength(DROPBOX_TOKEN_MAX_LENGTH, { message: `A Dropbox token is at most ${DROPBOX_TOKEN_MAX_LENGTH} characters long` })
  token: string;
}

/** GET /api/admin/backups?page=&limit= */
export class BackupListQueryDto {
  @ApiPropertyOptional({ minimum: 1, example: '1' })
  @IsOptional()
  @Matches(/^[1-9][0-9]{0,5}$/, { message: 'page must be a whole number from 1' })
  page?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: BACKUP_PAGE_SIZE_MAX, example: String(BACKUP_PAGE_SIZE) })
  @IsOptional()
  @Matches(/^(?:[1-9]|[1-9][0-9]|100)$/, { message: `limit must be a whole number from 1 to ${BACKUP_PAGE_SIZE_MAX}` })
  limit?: string;
}
