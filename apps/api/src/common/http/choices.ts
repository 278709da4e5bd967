import type { Choice } from '@cms/contracts';
import { ApiProperty } from '@nestjs/swagger';
import type { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/** A picker lists at most this many choices; a site has far fewer roles, forms, elements or containers. */
export const CHOICES_LIMIT = 1000;

export class ChoiceDto implements Choice<number | string> {
  @ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string' }] }) id: number | string;
  @ApiProperty() title: string;
}

/**
 * Id and title of every row of a table, by title: what the edit right of another screen may see
 * of a list its holder cannot view (the rest of each row stays behind the view right).
 */
export async function choicesOf<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, titleColumn: string): Promise<ChoiceDto[]> {
  const rows = await manager
    .getRepository(entity)
    .createQueryBuilder('row')
    .select('row.id', 'id')
    .addSelect(`row.${titleColumn}`, 'title')
    .orderBy(`LOWER(row.${titleColumn})`, 'ASC')
    .addOrderBy('row.id', 'ASC')
    .limit(CHOICES_LIMIT)
    .getRawMany<{ id: number | string; title: string }>();
  return rows.map((row) => ({ id: row.id, title: row.title }));
}
