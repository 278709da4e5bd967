import { FORM_HONEYPOT_FIELD, LANGS, type Lang } from '@cms/contracts';
import { Body, Controller, Ip, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { readerOf } from '../accesses/readable-sql';
import { CurrentAuth, Public } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { IdPipe, LocalePipe } from '../common/http/params';
import { FormSubmissionDto, FormSubmissionResponseDto } from './dto/message.dto';
import { SubmissionsService } from './submissions.service';
import { QueryParam } from '../common/http/query-params';

@ApiTags('forms')
@Controller('forms/:id/messages')
export class FormSubmissionsController {
  constructor(private readonly submissions: SubmissionsService) {}

  @Post()
  @Public()
  @ApiOperation({
    summary: 'Send a message through a form (public)',
    description:
      `Values are checked against the form's fields of ?locale= (en's when that locale has none). ` +
      `The hidden honeypot input "${FORM_HONEYPOT_FIELD}" must stay empty: when filled, the answer is the usual 201 but nothing is stored or mailed. ` +
      'Each client IP may send FORM_SUBMISSIONS_PER_MINUTE messages a minute (default 10). ' +
      'A form shown only on guarded pages takes messages only from callers who may open one of those pages (send the token).',
  })
  @ApiQuery({ name: 'locale', enum: LANGS, required: false })
  @ApiCreatedResponse({ type: FormSubmissionResponseDto, description: 'Stored (and queued for e-mail when the form sends mail)' })
  @ApiBadRequestResponse({
    description: "Refused values: `message` is the form's errorMessage, `errors` maps each failing field name to its warningMessage (or a default)",
  })
  @ApiNotFoundResponse({ description: 'No such form' })
  @ApiConflictResponse({ description: 'The form is DISCONTINUED' })
  @ApiTooManyRequestsResponse({ description: 'Too many messages from this address; see Retry-After' })
  @ApiUnauthorizedResponse({ description: 'The form is shown only on guarded pages: send a token' })
  @ApiForbiddenResponse({ description: 'The form is shown only on guarded pages that the role may not read' })
  submit(
    @Param('id', IdPipe) id: number,
    @QueryParam('locale', LocalePipe) locale: Lang,
    @Body() body: FormSubmissionDto,
    @Ip() ip: string,
    @CurrentAuth() auth: AuthContext | undefined,
  ): Promise<FormSubmissionResponseDto> {
    return this.submissions.submit(id, locale, body, ip, readerOf(auth));
  }
}
