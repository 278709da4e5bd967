import { DEFAULT_LANG, isLang, type Lang, MAX_ID } from '@cms/contracts';
import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';


/** A positive 32-bit integer id from the path; anything else is a 400 that says so. */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > MAX_ID) {
      throw new BadRequestException(`"${String(value).slice(0, 40)}" is not a valid id: ids are positive integers`);
    }
    return Number(value);
  }
}

/** `?locale=` among en, fr, tr, es, it; absent means en. */
@Injectable()
export class LocalePipe implements PipeTransform<unknown, Lang> {
  transform(value: unknown): Lang {
    if (value === undefined || value === '') return DEFAULT_LANG;
    if (isLang(value)) return value;
    throw new BadRequestException(`Unknown locale "${String(value).slice(0, 20)}": use one of en, fr, tr, es, it`);
  }
}
