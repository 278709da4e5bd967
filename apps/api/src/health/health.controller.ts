import type { HealthResponse } from '@cms/contracts';
import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Public } from '../common/auth/access.decorators';

class HealthDto implements HealthResponse {
  @ApiProperty({ enum: ['ok', 'error'] }) status: 'ok' | 'error';
  @ApiProperty({ enum: ['up', 'down'] }) database: 'up' | 'down';
  @ApiProperty() uptimeSeconds: number;
}

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
      // A server that does not answer at all (a network cut) fails the check within a second,
      // rather than when the pool gives up connecting.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('The database did not answer within a second')), 1000);
      });
      await Promise.race([this.dataSource.query('SELECT 1'), late]).finally(() => clearTimeout(timer));
    } catch {
      throw new ServiceUnavailableException({ statusCode: 503, message: 'The database does not answer', status: 'error', database: 'down' });
    }
    return { status: 'ok', database: 'up', uptimeSeconds: Math.round(process.uptime()) };
  }
}
