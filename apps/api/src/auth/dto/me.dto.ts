import { RightType, type Me } from '@cms/contracts';
import { ApiProperty } from '@nestjs/swagger';

export class MeDto implements Me {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() email: string;
  @ApiProperty({ description: "The role id; 'super-admin' holds every right" }) role: string;
  @ApiProperty({ enum: RightType, isArray: true }) rights: RightType[];
}
