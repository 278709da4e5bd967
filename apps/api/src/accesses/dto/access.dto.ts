import type { AccessEntry } from '@cms/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';

export class AccessEntryDto implements AccessEntry {
  @ApiProperty({ example: 'member', description: 'A role id; the page is guarded and only these roles (and super-admin) may read it' })
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9-]{0,63}$/, { message: 'roleId must be a role id' })
  roleId: string;
}
