import { CONFIGURATOR_DATA_MAX_BYTES, type ConfiguratorDto as ConfiguratorShape, type ConfiguratorRequest } from '@cms/contracts';
import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';
import { TakesBack } from '../../common/http/takes-back';
import { JSON_VALUE } from '../../common/openapi/schemas';

const DATA_DOC = `Any JSON object, stored and answered as given (at most ${CONFIGURATOR_DATA_MAX_BYTES / 1024} KiB)`;

export class ConfiguratorDto implements ConfiguratorShape {
  @ApiProperty() id: number;
  @ApiProperty({ type: 'object', additionalProperties: JSON_VALUE, description: DATA_DOC }) data: Record<string, unknown>;
}

export class ConfiguratorBodyDto implements ConfiguratorRequest {
  @ApiProperty({ type: 'object', additionalProperties: JSON_VALUE, description: DATA_DOC, example: { steps: [{ title: 'Size', choices: ['S', 'M', 'L'] }] } })
  @IsObject({ message: 'data must be a JSON object' })
  data: Record<string, unknown>;
}

/** PUT takes back what GET answered (its id is ignored); a POST naming an id is still refused. */
@TakesBack(() => ConfiguratorDto)
export class UpdateConfiguratorDto extends ConfiguratorBodyDto {}
