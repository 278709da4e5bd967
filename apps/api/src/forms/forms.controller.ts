import { LANGS, type Lang } from '@cms/contracts';
import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { readerOf } from '../accesses/readable-sql';
import { CurrentAuth, Public, RequireRights } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { ChoiceDto } from '../common/http/choices';
import { setContentRange } from '../common/http/list-query';
import { ListQueryDto } from '../common/http/list-query.dto';
import { IdPipe, LocalePipe } from '../common/http/params';
import { CreateFormDto, FormDto, FormListItemDto, PublicFormDto, UpdateFormDto } from './dto/form.dto';
import { FormsService } from './forms.service';
import { QueryDto, QueryParam } from '../common/http/query-params';
import { VERSION_ETAG_HEADER, withEtag } from '../versions/etag';
import { VersionsService } from '../versions/versions.service';

const LocaleQuery = () => ApiQuery({ name: 'locale', enum: LANGS, required: false, description: 'Locale of the fields (default en)' });

@ApiTags('forms')
@Controller('forms')
export class FormsController {
  constructor(
    private readonly forms: FormsService,
    private readonly versions: VersionsService,
  ) {}

  @Get('choices')
  @RequireRights('forms', 'choices')
  @ApiOkResponse({ type: ChoiceDto, isArray: true, description: 'Id and title of every form by title, for the form picker of blocks' })
  choices(): Promise<ChoiceDto[]> {
    return this.forms.choices();
  }

  @Get()
  @RequireRights('forms', 'list')
  @ApiOkResponse({
    type: FormListItemDto,
    isArray: true,
    description: 'Sorted (id, title, status, sendMail, updatedAt) and paged; filters id, status, sendMail, q; the total is in Content-Range',
  })
  async list(@QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<FormListItemDto[]> {
    const page = await this.forms.list(query);
    setContentRange(res, 'forms', page.start, page.items.length, page.total);
    return page.items;
  }

  @Get(':id/public')
  @Public()
  @LocaleQuery()
  @ApiOkResponse({ type: PublicFormDto, description: 'An AVAILABLE form as the public site shows it, fields in the locale or else en' })
  @ApiNotFoundResponse({ description: 'No such form, or it is DISCONTINUED' })
  @ApiUnauthorizedResponse({ description: 'The form is shown only on guarded pages: send a token' })
  @ApiForbiddenResponse({ description: 'The form is shown only on guarded pages that the role may not read' })
  publicForm(
    @Param('id', IdPipe) id: number,
    @QueryParam('locale', LocalePipe) locale: Lang,
    @CurrentAuth() auth: AuthContext | undefined,
  ): Promise<PublicFormDto> {
    return this.forms.publicForm(id, locale, readerOf(auth));
  }

  @Get(':id')
  @RequireRights('forms', 'show')
  @LocaleQuery()
  @ApiOkResponse({ type: FormDto, description: 'The form with the fields of the locale (en’s when the locale has none; see fieldsLocale)' })
  get(@Param('id', IdPipe) id: number, @QueryParam('locale', LocalePipe) locale: Lang, @Res({ passthrough: true }) res: FastifyReply): Promise<FormDto> {
    return withEtag(res, this.versions, 'forms', id, this.forms.get(id, locale));
  }

  @Post()
  @RequireRights('forms', 'create')
  @LocaleQuery()
  @ApiCreatedResponse({ type: FormDto })
  @ApiBadRequestResponse({ description: 'Invalid form or fields; `errors` names each (e.g. fields.2.options)' })
  create(@Body() body: CreateFormDto, @QueryParam('locale', LocalePipe) locale: Lang): Promise<FormDto> {
    return this.forms.create(body, locale);
  }

  @Put(':id')
  @RequireRights('forms', 'edit')
  @LocaleQuery()
  @ApiOkResponse({
    headers: VERSION_ETAG_HEADER,
    type: FormDto,
    description: 'Saved in one transaction; `fields`, when given, replace the fields of the locale',
  })
  @ApiBadRequestResponse({ description: 'Invalid form or fields; `errors` names each' })
  async update(
    @Param('id', IdPipe) id: number,
    @Body() body: UpdateFormDto,
    @QueryParam('locale', LocalePipe) locale: Lang,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<FormDto> {
    const answer = await this.forms.update(id, body, locale);
    return withEtag(res, this.versions, 'forms', id, Promise.resolve(answer));
  }

  @Delete(':id')
  @RequireRights('forms', 'delete')
  @ApiOkResponse({ type: FormDto, description: 'The deleted form (en fields); its fields and messages go with it' })
  @ApiConflictResponse({ description: 'The form is placed in sections or elements, named in the message and in `errors`' })
  remove(@Param('id', IdPipe) id: number): Promise<FormDto> {
    return this.forms.remove(id);
  }
}
