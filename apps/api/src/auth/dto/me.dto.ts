import { Lang, LANGS, RightType, type Me, type SetLanguageRequest } from '@cms/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';

export class MeDto implements Me {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ description: "The role id; 'super-admin' holds every right" }) role: string;
  @ApiProperty({ enum: RightType, isArray: true }) rights: RightType[];
  @ApiProperty({
    enum: LANGS,
    nullable: true,
    example: 'fr',
    description: 'The interface language the user chose (for an API token, its creator’s); mails to the account are written in it. Null: none chosen yet',
  })
  language: Lang | null;
}

export class SetLanguageDto implements SetLanguageRequest {
  @ApiProperty({
    enum: LANGS,
    nullable: true,
    example: 'fr',
    description: 'The back office language; mails to the account use it before the language a request names. Null forgets the choice',
  })
  @IsIn([...LANGS, null], { message: `language must be one of ${LANGS.join(', ')}, or null` })
  language: Lang | null;
}
