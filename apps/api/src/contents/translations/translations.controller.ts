import { Lang, recordIdOf, TRANSLATION_STATUSES, type ContentTranslations, type LocaleTranslation, type TranslationSummaryRow } from '@cms/contracts';
import { Controller, Get, Injectable, Param, type PipeTransform } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RequireRights } from '../../common/auth/access.decorators';
import { invalidInput } from '../../common/http/input-errors';
import { IdPipe } from '../../common/http/params';
import { QueryParam } from '../../common/http/query-params';
import { TranslationsService } from './translations.service';

class LocaleTranslationDto implements LocaleTranslation {
  @ApiProperty({ enum: Lang }) locale: Lang;
  @ApiProperty({
    enum: TRANSLATION_STATUSES,
    description: 'missing if a field is missing, else outdated if one is outdated, else complete; en is never outdated',
  })
  status: LocaleTranslation['status'];
  @ApiProperty({
    type: [String],
    example: ['title', 'body'],
    description:
      'Field names the locale must have of its own and has not: required fields, the field named title, and STRING, PARAGRAPH or RICHTEXT fields en has a value for',
  })
  missing: string[];
  @ApiProperty({ type: [String], example: ['body'], description: 'Fields with a value of the locale’s own whose en value changed after it was last written' })
  outdated: string[];
}

class ContentTranslationsDto implements ContentTranslations {
  @ApiProperty() contentId: number;
  @ApiProperty({ type: [LocaleTranslationDto], description: 'Every locale, en first' }) locales: LocaleTranslationDto[];
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { body: 'Body' }, description: 'The label of each field named' })
  labels: Record<string, string>;
}

class TranslationSummaryRowDto implements TranslationSummaryRow {
  @ApiProperty() containerId: number;
  @ApiProperty() containerTitle: string;
  @ApiProperty({ enum: Lang }) locale: Lang;
  @ApiProperty() complete: number;
  @ApiProperty() missing: number;
  @ApiProperty() outdated: number;
}

export const MAX_CONTENT_IDS = 100;

/** `?contentIds=1,2,3`: 1 to 100 ids, comma-separated; anything else is a 400 naming the key. */
@Injectable()
class ContentIdsPipe implements PipeTransform<unknown, number[]> {
  transform(value: unknown): number[] {
    const fail = (rule: string) => invalidInput({ contentIds: [`contentIds ${rule}`] });
    if (typeof value !== 'string' || value === '') throw fail('must be given once, as ids separated by commas (1,2,3)');
    const parts = value.split(',');
    if (parts.length > MAX_CONTENT_IDS) throw fail(`must name at most ${MAX_CONTENT_IDS} contents`);
    return parts.map((part) => {
      const id = recordIdOf(part.trim());
      if (id === undefined) throw fail(`must be positive integers separated by commas, not "${part.slice(0, 20)}"`);
      return id;
    });
  }
}

@ApiTags('translations')
@Controller()
export class TranslationsController {
  constructor(private readonly translations: TranslationsService) {}

  @Get('contents/:id/translations')
  @RequireRights('contents', 'show')
  @ApiOperation({
    summary: 'What is left to translate in a content',
    description:
      'For each locale: `missing` (translatable fields without a value of the locale’s own), `outdated` (fields whose en value changed after the ' +
      'locale’s value was last written) and the status they make. Reflects the live version: a draft’s changes count once published.',
  })
  @ApiOkResponse({ type: ContentTranslationsDto })
  @ApiNotFoundResponse({ description: 'No such content' })
  ofContent(@Param('id', IdPipe) id: number): Promise<ContentTranslations> {
    return this.translations.ofContent(id);
  }

  @Get('translations')
  @RequireRights('contents', 'list')
  @ApiOperation({
    summary: 'Translation status of several contents',
    description: `The answer of GET /api/contents/{id}/translations for each of up to ${MAX_CONTENT_IDS} contents (a page of the contents list), in the order asked; unknown ids are left out.`,
  })
  @ApiQuery({ name: 'contentIds', required: true, example: '1,2,3', description: `Up to ${MAX_CONTENT_IDS} content ids, separated by commas` })
  @ApiOkResponse({ type: ContentTranslationsDto, isArray: true })
  @ApiBadRequestResponse({ description: 'contentIds missing, not ids, or more than 100' })
  ofContents(@QueryParam('contentIds', ContentIdsPipe) ids: number[]): Promise<ContentTranslations[]> {
    return this.translations.ofContents(ids);
  }

  @Get('translations/summary')
  @RequireRights('contents', 'list')
  @ApiOperation({
    summary: 'Translation progress per container and locale',
    description:
      'For each container with contents and each locale, how many of its contents are complete, missing or outdated there; containers by title. ' +
      'List them with GET /api/contents?filter={"containerId":1,"translation":{"locale":"tr","status":"missing"}}.',
  })
  @ApiOkResponse({ type: TranslationSummaryRowDto, isArray: true })
  summary(): Promise<TranslationSummaryRow[]> {
    return this.translations.summary();
  }
}
