import { BadRequestException, Controller, Get, ParseIntPipe, type ExecutionContext } from '@nestjs/common';
// eslint-disable-next-line no-restricted-imports -- checks that the wrappers still hand Nest its own @Query
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { IgnoresUnknownQueryKeys, QueryKeysGuard } from './query-keys.guard';
import { QueryDto, QueryParam } from './query-params';

class SomeQueryDto {
  q?: string;
}

@Controller('probe')
class ProbeController {
  @Get('one')
  one(@QueryParam('colour') colour: string, @QueryParam('size', ParseIntPipe) size: number) {
    return [colour, size];
  }

  @Get('dto')
  dto(@QueryDto() query: SomeQueryDto, @QueryParam('locale') locale: string) {
    return [query, locale];
  }

  @Get('none')
  none() {
    return [];
  }

  @Get('any')
  @IgnoresUnknownQueryKeys()
  any(@QueryParam('w') w: string) {
    return [w];
  }
}

function contextFor(method: keyof ProbeController, query: Record<string, unknown>): ExecutionContext {
  return {
    getType: () => 'http',
    getClass: () => ProbeController,
    getHandler: () => ProbeController.prototype[method],
    switchToHttp: () => ({ getRequest: () => ({ query }) }),
  } as unknown as ExecutionContext;
}

describe('QueryKeysGuard', () => {
  const guard = new QueryKeysGuard(new Reflector());
  const refusal = (method: keyof ProbeController, query: Record<string, unknown>) => {
    try {
      guard.canActivate(contextFor(method, query));
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(BadRequestException);
      return ((error as BadRequestException).getResponse() as { message: string }).message;
    }
  };

  it('lets through the keys a handler reads with @QueryParam, and names the others', () => {
    expect(refusal('one', { colour: 'red', size: '2' })).toBeUndefined();
    expect(refusal('one', {})).toBeUndefined();
    expect(refusal('one', { colour: 'red', colur: 'red' })).toBe('Unknown query parameter "colur": this route takes colour, size');
    expect(refusal('none', { page: '2' })).toBe('Unknown query parameter "page": this route takes no query parameter');
  });

  it('leaves a whole-query DTO to the validation pipe, and a handler marked so to itself', () => {
    expect(refusal('dto', { q: 'x', anything: '1' })).toBeUndefined();
    expect(refusal('any', { w: '100', utm_source: 'x' })).toBeUndefined();
  });

  it('is still Nest’s @Query underneath: the route arguments Nest resolves are recorded', () => {
    const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, ProbeController, 'one') as Record<string, { data?: unknown; pipes: unknown[] }>;
    expect(Object.values(args).map((arg) => arg.data)).toEqual(expect.arrayContaining(['colour', 'size']));
    expect(Object.values(args).find((arg) => arg.data === 'size')?.pipes).toEqual([ParseIntPipe]);
  });
});
