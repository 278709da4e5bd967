import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '@cms/contracts';
import { Body, Controller, Delete, Get, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RequireRights } from '../common/auth/access.decorators';
import { setContentRange } from '../common/http/list-query';
import { ListQueryDto } from '../common/http/list-query.dto';
import { IdPipe } from '../common/http/params';
import { QueryDto } from '../common/http/query-params';
import { CreateWebhookDto, UpdateWebhookDto, WebhookDeliveryDto, WebhookDto } from './dto/webhook.dto';
import { WebhooksService } from './webhooks.service';

const DELIVERY_DOC =
  `Each delivery is a POST of JSON {"id": <delivery id>, "event", "occurredAt", "record": {"type", "id", "locales"}} with the headers ` +
  `X-Signature (sha256=<hex HMAC-SHA256 of the raw body with the secret>), X-Webhook-Event and X-Webhook-Delivery. Events: ${WEBHOOK_EVENTS.join(', ')} ` +
  `(and ${WEBHOOK_TEST_EVENT} from "Send test"). At least once, in order per record, retried with backoff for a day until a 2xx answers; redirects are not followed.`;

/** Webhooks: who may manage them is decided in libs/rights (RESOURCE_RULES.webhooks, ACCESS_SETTINGS). */
@ApiTags('webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @RequireRights('webhooks', 'list')
  @ApiOperation({
    description: `ra-data-simple-rest dialect: sort by id, url, enabled, createdAt, updatedAt; filter by id. Total in Content-Range. ${DELIVERY_DOC}`,
  })
  @ApiOkResponse({ type: WebhookDto, isArray: true })
  @ApiBadRequestResponse({ description: 'An unknown sort or filter field, or a bad range' })
  async list(@QueryDto() query: ListQueryDto, @Res({ passthrough: true }) res: FastifyReply): Promise<WebhookDto[]> {
    const page = await this.webhooks.list(query);
    setContentRange(res, 'webhooks', page.start, page.items.length, page.total);
    return page.items;
  }

  @Post('deliveries/:id/redeliver')
  @RequireRights('webhooks', 'edit')
  @ApiOperation({
    summary: 'Send a delivery again',
    description: 'Queues a new delivery (new id) of the same event, record and time; it goes after the record’s pending deliveries.',
  })
  @ApiCreatedResponse({ type: WebhookDeliveryDto, description: 'The new delivery, pending' })
  @ApiNotFoundResponse({ description: 'No delivery with this id' })
  @ApiBadRequestResponse({ description: 'An id that is not a positive integer' })
  redeliver(@Param('id', IdPipe) id: number): Promise<WebhookDeliveryDto> {
    return this.webhooks.redeliver(id);
  }

  @Get(':id')
  @RequireRights('webhooks', 'show')
  @ApiOkResponse({ type: WebhookDto })
  @ApiNotFoundResponse({ description: 'No webhook with this id' })
  @ApiBadRequestResponse({ description: 'An id that is not a positive integer' })
  get(@Param('id', IdPipe) id: number): Promise<WebhookDto> {
    return this.webhooks.get(id);
  }

  @Get(':id/deliveries')
  @RequireRights('webhooks', 'show')
  @ApiOperation({
    summary: 'The delivery log of a webhook',
    description:
      'Newest first; ra-data-simple-rest dialect: sort by id, createdAt; filter by status (pending, delivered, failed), event. Total in Content-Range.',
  })
  @ApiOkResponse({ type: WebhookDeliveryDto, isArray: true })
  @ApiNotFoundResponse({ description: 'No webhook with this id' })
  @ApiBadRequestResponse({ description: 'An unknown sort or filter field, a bad range, or an id that is not a positive integer' })
  async deliveries(
    @Param('id', IdPipe) id: number,
    @QueryDto() query: ListQueryDto,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<WebhookDeliveryDto[]> {
    const page = await this.webhooks.deliveries(id, query);
    setContentRange(res, 'deliveries', page.start, page.items.length, page.total);
    return page.items;
  }

  @Post()
  @RequireRights('webhooks', 'create')
  @ApiOperation({ description: DELIVERY_DOC })
  @ApiCreatedResponse({ type: WebhookDto })
  @ApiBadRequestResponse({
    description: 'A field that breaks its rule, named in `errors` (a URL that is not http(s) or carries credentials, an unknown event, a short secret)',
  })
  create(@Body() body: CreateWebhookDto): Promise<WebhookDto> {
    return this.webhooks.create(body);
  }

  @Post(':id/test')
  @RequireRights('webhooks', 'edit')
  @ApiOperation({
    summary: 'Send a test delivery',
    description: `Queues a ${WEBHOOK_TEST_EVENT} delivery whose record is the webhook itself, whatever its events, enabled or not.`,
  })
  @ApiCreatedResponse({ type: WebhookDeliveryDto, description: 'The test delivery, pending' })
  @ApiNotFoundResponse({ description: 'No webhook with this id' })
  @ApiBadRequestResponse({ description: 'An id that is not a positive integer' })
  test(@Param('id', IdPipe) id: number): Promise<WebhookDeliveryDto> {
    return this.webhooks.test(id);
  }

  @Put(':id')
  @RequireRights('webhooks', 'edit')
  @ApiOperation({ description: 'Fields left out keep their values; without `secret` the stored one is kept.' })
  @ApiOkResponse({ type: WebhookDto })
  @ApiBadRequestResponse({ description: 'A field that breaks its rule, named in `errors`' })
  @ApiNotFoundResponse({ description: 'No webhook with this id' })
  update(@Param('id', IdPipe) id: number, @Body() body: UpdateWebhookDto): Promise<WebhookDto> {
    return this.webhooks.update(id, body);
  }

  @Delete(':id')
  @RequireRights('webhooks', 'delete')
  @ApiOkResponse({ type: WebhookDto, description: 'The deleted webhook (its delivery log goes with it)' })
  @ApiNotFoundResponse({ description: 'No webhook with this id' })
  @ApiBadRequestResponse({ description: 'An id that is not a positive integer' })
  remove(@Param('id', IdPipe) id: number): Promise<WebhookDto> {
    return this.webhooks.remove(id);
  }
}
