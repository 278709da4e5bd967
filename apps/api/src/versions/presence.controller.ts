import { canAccessResource, ruleFor } from '@cms/rights';
import { BadRequestException, Controller, Delete, ForbiddenException, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { NotAudited } from '../audit/audit.decorators';
import { CurrentAuth, SignedIn } from '../common/auth/access.decorators';
import type { AuthContext } from '../common/auth/auth-context';
import { PresenceDto } from './versions.dto';
import { VERSIONED, type VersionedResource } from './versions.service';

/** How long an edit screen counts as open after its last heartbeat (the back office beats every 30 s). */
const PRESENCE_SECONDS = 120;

/** 400 unless `resource` keeps versions; 403 unless the caller may read its records. */
function checkedResource(auth: AuthContext, resource: string): VersionedResource {
  if (!(VERSIONED as readonly string[]).includes(resource)) throw new BadRequestException(`resource must be one of ${VERSIONED.join(', ')}`);
  if (!canAccessResource(auth, resource, 'show')) {
    const rule = ruleFor(resource, 'show');
    throw new ForbiddenException(`Your role needs ${rule && 'all' in rule ? rule.all.join(', ') : 'the right to read these records'}`);
  }
  return resource as VersionedResource;
}

function recordIdOf(raw: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new BadRequestException('id must be a whole number (0 for the layout)');
  return Number(raw);
}

/**
 * Who else has a record open in an edit screen: each screen says so every 30 s and asks who else
 * did in the last two minutes (kept in the database, so every instance answers the same).
 */
@ApiTags('presence')
@Controller('presence')
// A heartbeat says who is looking at a record; it changes no data worth an audit entry.
@NotAudited()
export class PresenceController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Put(':resource/:id')
  @SignedIn()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Say an edit screen is open, and hear who else has the record open',
    description: `Call every 30 s while the screen is open. Answers the other users whose screens said so in the last ${PRESENCE_SECONDS} s. resource: ${VERSIONED.join(', ')} (the layout's id is 0); needs the resource's read right.`,
  })
  @ApiOkResponse({ type: PresenceDto, isArray: true })
  async beat(@CurrentAuth() auth: AuthContext, @Param('resource') rawResource: string, @Param('id') rawId: string): Promise<PresenceDto[]> {
    const resource = checkedResource(auth, rawResource);
    const id = recordIdOf(rawId);
    const rows: { userId: number; userName: string; openedAt: Date; seenAt: Date }[] = await this.dataSource.query(
      `WITH here AS (
         INSERT INTO "edit_presence" (resource, "recordId", "userId") VALUES ($1, $2, $3)
         ON CONFLICT (resource, "recordId", "userId") DO UPDATE SET "seenAt" = now(),
           "openedAt" = CASE WHEN "edit_presence"."seenAt" < now() - make_interval(secs => $4) THEN now() ELSE "edit_presence"."openedAt" END
       )
       SELECT p."userId", u.name AS "userName", p."openedAt", p."seenAt" FROM "edit_presence" p JOIN "user" u ON u.id = p."userId"
       WHERE p.resource = $1 AND p."recordId" = $2 AND p."userId" <> $3 AND p."seenAt" > now() - make_interval(secs => $4)
       ORDER BY p."openedAt"`,
      [resource, id, auth.userId, PRESENCE_SECONDS],
    );
    return rows.map((row) => ({ ...row, openedAt: new Date(row.openedAt).toISOString(), seenAt: new Date(row.seenAt).toISOString() }));
  }

  @Delete(':resource/:id')
  @SignedIn()
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Forgotten' })
  @ApiOperation({ summary: 'Say an edit screen was closed' })
  async leave(@CurrentAuth() auth: AuthContext, @Param('resource') rawResource: string, @Param('id') rawId: string): Promise<void> {
    const resource = checkedResource(auth, rawResource);
    await this.dataSource.query(`DELETE FROM "edit_presence" WHERE resource = $1 AND "recordId" = $2 AND "userId" = $3`, [
      resource,
      recordIdOf(rawId),
      auth.userId,
    ]);
    // Screens closed without saying so are forgotten by whoever passes next.
    await this.dataSource.query(`DELETE FROM "edit_presence" WHERE "seenAt" < now() - interval '1 day'`);
  }
}
