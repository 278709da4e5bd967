import { Body, Controller, Delete, Get, Param, Put, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireRights } from '../common/auth/access.decorators';
import { ChoiceDto } from '../common/http/choices';
import { setContentRange } from '../common/http/list-query';
import { ListQueryDto } from '../common/http/list-query.dto';
import { IdPipe } from '../common/http/params';
import { ExportMessagesQueryDto, MessageDto, UpdateMessageDto } from './dto/message.dto';
import { MessagesService } from './messages.service';
import { QueryDto } from '../common/http/query-params';

/** Who may read, mark, export and delete messages is decided in libs/rights (RESOURCE_RULES.messages). */
@ApiTags('messages')
@Controller('messages')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get()
  @RequireRights('messages', 'list')
  @ApiOkResponse({
    type: MessageDto,
    isArray: true,
    description: 'Sorted (id, createdAt, read, formId) and paged; filters id, formId, read, q; the total is in Content-Range',
  })
  async list(@QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<MessageDto[]> {
    const page = await this.messages.list(query);
    setContentRange(res, 'messages', page.start, page.items.length, page.total);
    return page.items;
  }

  @Get('form-choices')
  @RequireRights('messages', 'list')
  @ApiOkResponse({ type: ChoiceDto, isArray: true, description: 'Id and title of every form that received messages, by title' })
  formChoices(): Promise<ChoiceDto[]> {
    return this.messages.formChoices();
  }

  @Get('export')
  @RequireRights('messages', 'export')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description:
      'Every message of the form as CSV (UTF-8 with BOM), streamed as an attachment: id, createdAt, read, then a column per field name. ' +
      'Text starting with = + - @ is prefixed with an apostrophe so spreadsheets do not run it.',
    schema: { type: 'string' },
  })
  @ApiNotFoundResponse({ description: 'No such form' })
  async export(@QueryDto() query: ExportMessagesQueryDto, @Res() res: FastifyReply): Promise<void> {
    const formId = new IdPipe().transform(query.formId);
    const columns = await this.messages.exportColumns(formId);
    await res
      .headers({
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="form-${formId}-messages.csv"`,
        'Cache-Control': 'no-store',
      })
      .send(this.messages.csvStream(formId, columns));
  }

  @Get(':id')
  @RequireRights('messages', 'show')
  @ApiOkResponse({ type: MessageDto })
  get(@Param('id', IdPipe) id: number): Promise<MessageDto> {
    return this.messages.get(id);
  }

  @Put(':id')
  @RequireRights('messages', 'edit')
  @ApiOkResponse({ type: MessageDto, description: 'Marked read or unread' })
  update(@Param('id', IdPipe) id: number, @Body() body: UpdateMessageDto): Promise<MessageDto> {
    return this.messages.setRead(id, body.read);
  }

  @Delete(':id')
  @RequireRights('messages', 'delete')
  @ApiOkResponse({ type: MessageDto, description: 'The deleted record' })
  remove(@Param('id', IdPipe) id: number): Promise<MessageDto> {
    return this.messages.remove(id);
  }
}
