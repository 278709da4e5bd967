import { MAX_ID } from '@cms/contracts';
import { applyDecorators } from '@nestjs/common';
import { ArrayMaxSize, ArrayUnique, IsArray, IsInt, Max, Min } from 'class-validator';

/** A record's id: a whole number from 1 to MAX_ID (a PostgreSQL integer), as every serial key. */
export function IsRecordId(): PropertyDecorator {
  return applyDecorators(IsInt(), Min(1), Max(MAX_ID));
}

/** A list of distinct record ids, at most `maxSize` of them. */
export function IsRecordIds(maxSize: number): PropertyDecorator {
  return applyDecorators(IsArray(), ArrayUnique(), ArrayMaxSize(maxSize), IsInt({ each: true }), Min(1, { each: true }), Max(MAX_ID, { each: true }));
}
