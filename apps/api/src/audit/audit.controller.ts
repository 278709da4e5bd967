import { Controller, Get, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireRights } from '../common/auth/access.decorators';
import { ChoiceDto } from '../common/http/choices';
import { setContentRange } from '../common/http/list-query';
import { ListQueryDto } from '../common/http/list-query.dto';
import { QueryDto } from '../common/http/query-params';
import { AuditService } from './audit.service';
import { AUDIT_FILTERS_DOC, AuditEntryDto } from './dto/audit-entry.dto';

/**
 * The audit log, read-only: no route writes, changes or deletes an entry (the interceptor and the
 * auth module add them). Who may read it is decided in libs/rights (RESOURCE_RULES.audit).
 */
@ApiTags('audit')
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @RequireRights('audit', 'list')
  @ApiOperation({
    summary: 'The audit log',
    description: `Sorted (at, id, userName, action, resource; newest first by default) and paged; ${AUDIT_FILTERS_DOC}`,
  })
  @ApiOkResponse({ type: AuditEntryDto, isArray: true, description: 'The total is in Content-Range (audit 0-24/N)' })
  @ApiBadRequestResponse({ description: 'An unknown sort or filter key, or a filter value of the wrong kind (from and to must be ISO date-times)' })
  async list(@QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<AuditEntryDto[]> {
    const page = await this.audit.list(query);
    setContentRange(res, 'audit', page.start, page.items.length, page.total);
    return page.items;
  }

  @Get('user-choices')
  @RequireRights('audit', 'choices')
  @ApiOkResponse({ type: ChoiceDto, isArray: true, description: 'Id and name of every existing user that has entries, by name' })
  userChoices(): Promise<ChoiceDto[]> {
    return this.audit.userChoices();
  }

  @Get('export')
  @RequireRights('audit', 'export')
  @ApiProduces('text/csv')
  @ApiOperation({
    summary: 'The audit log as CSV',
    description: `The entries the filter selects (sort and range do not apply), newest first; ${AUDIT_FILTERS_DOC}`,
  })
  @ApiOkResponse({
    description:
      'CSV (UTF-8 with BOM), streamed as an attachment: id, at, userId, userName, address, action, resource, resourceId, summary. ' +
      'Text starting with = + - @ is prefixed with an apostrophe so spreadsheets do not run it.',
    schema: { type: 'string' },
  })
  @ApiBadRequestResponse({ description: 'An unknown filter key or a filter value of the wrong kind' })
  async export(@QueryDto() query: ListQueryDto, @Res() res: FastifyReply): Promise<void> {
    const csv = this.audit.csvStream(query);
    const day = new Date().toISOString().slice(0, 10);
    await res
      .headers({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="audit-${day}.csv"`,
        'Cache-Control': 'no-store',
      })
      .send(csv);
  }
}
