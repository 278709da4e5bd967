import { LANGS, PAGE_NUMBER_MAX, type Lang } from '@cms/contracts';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import {
  ApiExtraModels,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentAuth, Public } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { LocalePipe, OptionalQueryIntPipe, OptionalQueryStringPipe, RequiredQueryStringPipe, type RawQuery } from '../common/http/params';
import { PageContentRefDto, PageFieldDefinitionDto, PageFormDto, PageMediaDto, PageResponseDto } from './dto/page.dto';
import { PagesService } from './pages.service';
import { QueryParam } from '../common/http/query-params';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { sharedCacheControl, surrogateHeaders } from '../cdn/surrogate-keys';

/**
 * The query is read key by key through pipes rather than as a class-validator DTO: the first visit
 * of a page is the site's hottest uncached path, and the DTO's transform and validation took about
 * a tenth of its CPU in the API (issue 14's profile). Unknown keys are refused by QueryKeysGuard.
 */
const PATH_PIPE = new RequiredQueryStringPipe('path', 1100);
const PAGE_PIPE = new OptionalQueryIntPipe('page', 1, PAGE_NUMBER_MAX, 1);
const PREVIEW_PIPE = new OptionalQueryStringPipe('preview', 2000);

@ApiTags('pages')
@Controller('pages')
@ApiExtraModels(PageMediaDto, PageFormDto, PageContentRefDto, PageFieldDefinitionDto)
export class PagesController {
  private readonly sharedCacheControl: string | null;

  constructor(
    private readonly pages: PagesService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.sharedCacheControl = config.cdn.maxAge === null ? null : sharedCacheControl(config.cdn.maxAge, config.cdn.stale);
  }

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Everything the site needs to render one page',
    description:
      'The container or content whose slug is `path` (`/` is the home page: the page whose slug is empty at the root), with its fields and sections in the locale ' +
      '(falling back to en), placed elements, forms, media, listed and referenced contents, the layout, metadata, theme, accesses and the alternate paths. ' +
      'Unpublished or unknown paths answer 404. A guarded page (its accesses, or for a content without any its container’s) answers 401 without a token, and 404, ' +
      'as a missing page, when the role is not among them (super-admin always passes). Listed and referenced contents are only those the caller could read as pages ' +
      '(the same rule); an answer to a caller with a token is `Cache-Control: private, no-store`. A constant number of queries, whatever the page holds. ' +
      'With CDN_MAX_AGE set, an anonymous answer of a public page is `Cache-Control: public, max-age=0, s-maxage=…, stale-while-revalidate=…` with ' +
      '`Surrogate-Key` (space-separated) and `Cache-Tag` (comma-separated) naming what it shows (README, "Behind a CDN").',
  })
  @ApiQuery({ name: 'path', type: String, example: '/blog/hello', description: 'The page path without locale prefix; `/` is the home page' })
  @ApiQuery({ name: 'locale', enum: LANGS, required: false, description: 'Default en' })
  @ApiQuery({
    name: 'page',
    type: Number,
    required: false,
    minimum: 1,
    maximum: PAGE_NUMBER_MAX,
    description: 'The page of paginated contents blocks (default 1)',
  })
  @ApiQuery({
    name: 'preview',
    type: String,
    required: false,
    description:
      'A preview token (from POST /api/contents/{id}/preview or POST /api/containers/{id}/preview): the page as it will be once that content’s ' +
      '(or container page’s) draft is live, whoever guards it; ' +
      '`Cache-Control: private, no-store`. 403 when the token is tampered with, expired, or made for another page or locale',
  })
  @ApiOkResponse({ type: PageResponseDto })
  @ApiForbiddenResponse({ description: 'The preview token is tampered with, expired, or made for another page or locale' })
  @ApiNotFoundResponse({ description: 'No published page at this path that the role may read' })
  @ApiUnauthorizedResponse({ description: 'The page is guarded: send a token' })
  async read(
    @QueryParam('path', PATH_PIPE) path: RawQuery<string>,
    @QueryParam('locale', LocalePipe) locale: Lang,
    @QueryParam('page', PAGE_PIPE) page: RawQuery<number>,
    @QueryParam('preview', PREVIEW_PIPE) preview: RawQuery<string | undefined>,
    @CurrentAuth() auth: AuthContext | undefined,
    @Res() res: FastifyReply,
  ): Promise<void> {
    if (preview !== undefined) {
      const body = await this.pages.readPreview(path, locale, preview, page);
      await res.header('Cache-Control', 'private, no-store').header('X-Robots-Tag', 'noindex').type('application/json; charset=utf-8').send(body);
      return;
    }
    const { body, guarded, personal, keys } = await this.pages.read(path, locale, auth, page);
    // A guarded page, or a page as one role sees it (its listings and references), must not be kept by shared caches.
    if (guarded || personal) res.header('Cache-Control', 'private, no-store');
    // The public's view, for a shared cache (CDN_MAX_AGE), filed under what it shows so that a publish purges it.
    else if (this.sharedCacheControl !== null) res.header('Cache-Control', this.sharedCacheControl).headers(surrogateHeaders(keys));
    await res.type('application/json; charset=utf-8').send(body);
  }
}
