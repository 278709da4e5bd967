import {
  LANGS,
  type AcceptInvitationRequest,
  type CreateInvitationRequest,
  type InvitationDto as InvitationShape,
  type InvitationLookupRequest,
  type InvitationLookupResponse,
  type Lang,
} from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ROLE_ID_PATTERN } from '../../roles/dto/role.dto';

export class InvitationDto implements InvitationShape {
  @ApiProperty() id: number;
  @ApiProperty() email: string;
  @ApiProperty() roleId: string;
  @ApiProperty() invitedByName: string;
  @ApiProperty({ description: 'When the last mail was sent' }) sentAt: string;
  @ApiProperty() expiresAt: string;
  @ApiProperty() expired: boolean;
}

export class CreateInvitationDto implements CreateInvitationRequest {
  @ApiProperty({ example: 'ann@example.com' })
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be an e-mail address' })
  email: string;

  @ApiProperty({ example: 'editor', description: 'A role the inviter may give (as when creating a user)' })
  @IsString()
  @Matches(ROLE_ID_PATTERN, { message: 'roleId must be a role id' })
  roleId: string;

  @ApiPropertyOptional({ enum: LANGS, description: 'The language of the mail; default: the site’s default language' })
  @IsOptional()
  @IsIn(LANGS, { message: `locale must be one of ${LANGS.join(', ')}` })
  locale?: Lang;
}

export class InvitationLookupDto implements InvitationLookupRequest {
  @ApiProperty({ description: 'The token of the link sent by e-mail' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  token: string;
}

export class InvitationLookupResponseDto implements InvitationLookupResponse {
  @ApiProperty() email: string;
}

export class AcceptInvitationDto implements AcceptInvitationRequest {
  @ApiProperty({ description: 'The token of the link sent by e-mail' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  token: string;

  @ApiProperty({ example: 'Ann Smith' })
  @IsString()
  @Matches(/\S/, { message: 'name must not be empty' })
  @MaxLength(200)
  name: string;

  @ApiProperty({ minLength: 8, maxLength: 512 })
  @IsString()
  @MinLength(8, { message: 'password must be at least 8 characters long' })
  @MaxLength(512)
  password: string;

  @ApiPropertyOptional({
    enum: LANGS,
    example: 'fr',
    description: 'The language of the acceptance screen: it becomes the new user’s interface language, and that of the mails to them',
  })
  @IsOptional()
  @IsIn(LANGS, { message: `language must be one of ${LANGS.join(', ')}` })
  language?: Lang;
}
