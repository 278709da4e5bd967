import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { RequireRights } from '../common/auth/access.decorators';
import { RevalidationService } from './revalidation.service';

@ApiTags('revalidation')
@Controller('revalidate')
export class RevalidationController {
  constructor(private readonly revalidation: RevalidationService) {}

  @Post('all')
  @HttpCode(204)
  @RequireRights('revalidation', 'create')
  @ApiNoContentResponse({ description: 'Every cached public page is purged' })
  all(): void {
    this.revalidation.emit({ scope: 'all' });
  }
}
