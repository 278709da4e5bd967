import { SEARCH_DEFAULT_LIMIT, SEARCH_KINDS, SEARCH_MAX_LIMIT, SEARCH_MAX_QUERY } from '@cms/contracts';
import { Controller, Get } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { CurrentAuth, SignedIn } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { invalidInput } from '../common/http/input-errors';
import { OptionalQueryIntPipe, type RawQuery, RequiredQueryStringPipe } from '../common/http/params';
import { QueryParam } from '../common/http/query-params';
import { SearchResultDto } from './dto/search.dto';
import { SearchService } from './search.service';

@ApiTags('search')
@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  @SignedIn()
  @ApiOperation({
    summary: 'Find records of every kind by what they are called',
    description:
      `The back office's command palette (Ctrl/⌘+K). Searches ${SEARCH_KINDS.join(', ')}, each only if the caller holds its read right ` +
      `(VIEW_CONTENT, VIEW_CONTAINER, VIEW_ELEMENT, VIEW_FORM, VIEW_MEDIA, VIEW_USER; \`searched\` lists them): contents by title and by their ` +
      `\`title\` field in any locale (containers that have one), containers by title and slug, elements and forms by title, media by file name, ` +
      `users by name and e-mail. q matches anywhere, case-insensitively, as typed (no wildcard). Ranked by match (the whole text, its start, the ` +
      `start of a word, anywhere), then by the latest change.`,
  })
  @ApiQuery({ name: 'q', required: true, type: String, description: `What to find: 1 to ${SEARCH_MAX_QUERY} characters, not only spaces` })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: `Most hits, 1 to ${SEARCH_MAX_LIMIT} (default ${SEARCH_DEFAULT_LIMIT})` })
  @ApiOkResponse({ type: SearchResultDto })
  @ApiBadRequestResponse({
    description: `q missing, empty, only spaces or longer than ${SEARCH_MAX_QUERY} characters; limit not a whole number from 1 to ${SEARCH_MAX_LIMIT}`,
  })
  find(
    @CurrentAuth() auth: AuthContext,
    @QueryParam('q', new RequiredQueryStringPipe('q', SEARCH_MAX_QUERY)) q: RawQuery<string>,
    @QueryParam('limit', new OptionalQueryIntPipe('limit', 1, SEARCH_MAX_LIMIT, SEARCH_DEFAULT_LIMIT)) limit: RawQuery<number>,
  ): Promise<SearchResultDto> {
    const text = q.trim();
    if (!text) throw invalidInput({ q: ['q must not be empty: type what to find'] });
    return this.search.search(auth, text, limit);
  }
}
