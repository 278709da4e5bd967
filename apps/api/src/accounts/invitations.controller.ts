import { Body, Controller, Delete, Get, HttpCode, Ip, Param, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { NotAudited } from '../audit/audit.decorators';
import { CurrentAuth, Public, RequireRights } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { IdPipe } from '../common/http/params';
import { AcceptInvitationDto, CreateInvitationDto, InvitationDto, InvitationLookupDto, InvitationLookupResponseDto } from './dto/invitation.dto';
import { InvitationsService } from './invitations.service';

@ApiTags('users')
@Controller('invitations')
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @Get()
  @RequireRights('users', 'list')
  @ApiOkResponse({ type: InvitationDto, isArray: true, description: 'Pending invitations, the last sent first' })
  list(): Promise<InvitationDto[]> {
    return this.invitations.list();
  }

  @Post()
  @RequireRights('users', 'create')
  @NotAudited()
  @ApiCreatedResponse({ type: InvitationDto, description: 'The invitation is stored and its mail queued' })
  @ApiForbiddenResponse({ description: 'The role is above what the inviter may give' })
  @ApiConflictResponse({ description: 'The e-mail is already a user’s, or already invited' })
  create(@CurrentAuth() auth: AuthContext, @Body() body: CreateInvitationDto, @Ip() ip: string): Promise<InvitationDto> {
    return this.invitations.create(auth, body, ip);
  }

  @Post(':id/resend')
  @RequireRights('users', 'create')
  @NotAudited()
  @ApiCreatedResponse({ type: InvitationDto, description: 'A new link is mailed; the previous one no longer works' })
  @ApiNotFoundResponse({ description: 'No such invitation' })
  resend(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number, @Ip() ip: string): Promise<InvitationDto> {
    return this.invitations.resend(auth, id, ip);
  }

  @Delete(':id')
  @RequireRights('users', 'create')
  @NotAudited()
  @ApiOkResponse({ type: InvitationDto, description: 'The revoked invitation; its link no longer works' })
  @ApiNotFoundResponse({ description: 'No such invitation' })
  revoke(@CurrentAuth() auth: AuthContext, @Param('id', IdPipe) id: number, @Ip() ip: string): Promise<InvitationDto> {
    return this.invitations.revoke(auth, id, ip);
  }
}

@ApiTags('auth')
@Controller('auth/invitation')
export class InvitationAcceptanceController {
  constructor(private readonly invitations: InvitationsService) {}

  @Post()
  @HttpCode(200)
  @Public()
  @NotAudited()
  @ApiOkResponse({ type: InvitationLookupResponseDto, description: 'The invited e-mail' })
  @ApiNotFoundResponse({ description: 'The link is not valid (used, revoked or made up)' })
  @ApiGoneResponse({ description: 'The invitation has expired' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong links from this address; see Retry-After' })
  lookup(@Body() body: InvitationLookupDto, @Ip() ip: string): Promise<InvitationLookupResponseDto> {
    return this.invitations.lookup(body.token, ip);
  }

  @Post('accept')
  @Public()
  @NotAudited()
  @ApiCreatedResponse({ type: InvitationLookupResponseDto, description: 'The user is made; sign in with the e-mail answered and the password chosen' })
  @ApiNotFoundResponse({ description: 'The link is not valid (used, revoked or made up)' })
  @ApiGoneResponse({ description: 'The invitation has expired' })
  @ApiConflictResponse({ description: 'A user with this e-mail was made meanwhile' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong links from this address; see Retry-After' })
  accept(@Body() body: AcceptInvitationDto, @Ip() ip: string): Promise<InvitationLookupResponseDto> {
    return this.invitations.accept(body, ip);
  }
}
