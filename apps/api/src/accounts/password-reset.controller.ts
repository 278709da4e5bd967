import { Body, Controller, HttpCode, Ip, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiGoneResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { NotAudited } from '../audit/audit.decorators';
import { Public } from '../common/auth/access.decorators';
import { PasswordResetConfirmDto, PasswordResetRequestDto } from './dto/password-reset.dto';
import { PasswordResetService } from './password-reset.service';

@ApiTags('auth')
@Controller('auth/password-reset')
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  @Post()
  @HttpCode(202)
  @Public()
  @NotAudited()
  @ApiAcceptedResponse({
    description: 'Always the same answer: if the e-mail is an account’s, a link that works once for an hour is on its way to it',
  })
  @ApiTooManyRequestsResponse({ description: 'Too many requests for this e-mail or from this address this hour; see Retry-After' })
  async request(@Body() body: PasswordResetRequestDto, @Ip() ip: string): Promise<void> {
    await this.resets.request(body.email, body.locale, ip);
  }

  @Post('confirm')
  @HttpCode(204)
  @Public()
  @NotAudited()
  @ApiNoContentResponse({ description: 'The password is set; the link and the account’s other links no longer work, and its sessions ended' })
  @ApiBadRequestResponse({ description: 'The new password is too short or too long' })
  @ApiNotFoundResponse({ description: 'The link is not valid' })
  @ApiGoneResponse({ description: 'The link was already used, or is more than an hour old' })
  @ApiTooManyRequestsResponse({ description: 'Too many wrong links from this address; see Retry-After' })
  async confirm(@Body() body: PasswordResetConfirmDto, @Ip() ip: string): Promise<void> {
    await this.resets.confirm(body.token, body.password, ip);
  }
}
