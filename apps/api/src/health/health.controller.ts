import type { HealthLiveResponse, HealthReadyResponse, HealthResponse } from '@cms/contracts';
import { Controller, Get, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Public } from '../common/auth/access.decorators';

class HealthDto implements HealthResponse {
  @ApiProperty({ enum: ['ok', 'error'] }) status: 'ok' | 'error';
  @ApiProperty({ enum: ['up', 'down'] }) database: 'up' | 'down';
  @ApiProperty() uptimeSeconds: number;
}

class HealthLiveDto implements HealthLiveResponse {
  @ApiProperty({ enum: ['live'] }) status: 'live';
  @ApiProperty() uptimeSeconds: number;
}

class HealthReadyDto implements HealthReadyResponse {
  @ApiProperty({ enum: ['ready'] }) status: 'ready';
  @ApiProperty({ enum: ['up'] }) database: 'up';
  @ApiProperty({ enum: ['current'] }) migrations: 'current';
}

class HealthNotReadyDto {
  @ApiProperty({ example: 503 }) statusCode: number;
  @ApiProperty({ description: 'Why the instance is not ready, in words', example: 'The database does not answer' }) message: string;
  @ApiProperty({ enum: ['not-ready'] }) status: 'not-ready';
  @ApiProperty({ enum: ['up', 'down'] }) database: 'up' | 'down';
  @ApiProperty({ enum: ['current', 'pending', 'unknown'] }) migrations: 'current' | 'pending' | 'unknown';
  @ApiProperty({ type: [String], description: 'The migrations this version has and the database has not run' }) pendingMigrations: string[];
}

/** A query that does not answer within `ms` (a network cut) fails then, not when the pool gives up connecting. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const READY_TIMEOUT_MS = 1000;

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get()
  @Public()
  @ApiOkResponse({ type: HealthDto, description: 'The API and its database answer' })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer' })
  async check(): Promise<HealthResponse> {
    try {
      await within(1000, 'The database', this.dataSource.query('SELECT 1'));
    } catch {
      throw new ServiceUnavailableException({ statusCode: 503, message: 'The database does not answer', status: 'error', database: 'down' });
    }
    return { status: 'ok', database: 'up', uptimeSeconds: Math.round(process.uptime()) };
  }

  /** Liveness: the process answers. Asks nothing of the database, so that an outage does not get healthy instances restarted. */
  @Get('live')
  @Public()
  @ApiOkResponse({ type: HealthLiveDto, description: 'The process answers (the database is not asked)' })
  live(): HealthLiveResponse {
    return { status: 'live', uptimeSeconds: Math.round(process.uptime()) };
  }

  /** Readiness: the database answers within a second and has run every migration this version has. */
  @Get('ready')
  @Public()
  @ApiOkResponse({ type: HealthReadyDto, description: 'The database answers and no migration is pending: send traffic' })
  @ApiServiceUnavailableResponse({ type: HealthNotReadyDto, description: 'The database does not answer, or migrations are pending: send no traffic yet' })
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthReadyResponse | HealthNotReadyDto> {
    // Answered as is (the error filter keeps only statusCode and message): a probe's log shows why.
    const notReady = (body: HealthNotReadyDto) => {
      reply.status(503).header('Cache-Control', 'no-store');
      return body;
    };
    let ran: { name: string }[];
    try {
      ran = await within(READY_TIMEOUT_MS, 'The database', this.dataSource.query(`SELECT "name" FROM "migrations"`));
    } catch {
      return notReady({
        statusCode: 503,
        message: 'The database does not answer',
        status: 'not-ready',
        database: 'down',
        migrations: 'unknown',
        pendingMigrations: [],
      });
    }
    const done = new Set(ran.map(({ name }) => name));
    const pending = this.dataSource.migrations.map((migration) => migration.name ?? migration.constructor.name).filter((name) => !done.has(name));
    if (pending.length) {
      return notReady({
        statusCode: 503,
        message: `${pending.length} migration(s) not run yet: ${pending.join(', ')}`,
        status: 'not-ready',
        database: 'up',
        migrations: 'pending',
        pendingMigrations: pending,
      });
    }
    return { status: 'ready', database: 'up', migrations: 'current' };
  }
}
