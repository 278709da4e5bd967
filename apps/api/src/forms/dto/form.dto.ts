import {
  type CreateFormRequest,
  FORM_FIELD_NAME_PATTERN,
  FORM_MAX_FIELDS,
  type FormDto as FormShape,
  type FormFieldDto as FormFieldShape,
  type FormFieldInput,
  FormFieldType,
  type FormListItem,
  type Lang,
  LANGS,
  MAX_ID,
  type PublicFormDto as PublicFormShape,
  Status,
  type UpdateFormRequest,
} from '@cms/contracts';
import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsEmail,
  IsEnum,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { TakesBack } from '../../common/http/takes-back';

/** Text on one line: no control characters (so nothing can break out into a header or a CSV row). */
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
/** Any text but NUL, which PostgreSQL refuses. */
const NO_NUL = /^[^\u0000]*$/;
const singleLine = (field: string) => ({ message: `${field} must be on one line, without control characters` });
const finite = { allowNaN: false, allowInfinity: false };

export class FormFieldInputDto implements FormFieldInput {
  @ApiPropertyOptional({ description: 'Keeps an existing field of this form and locale; absent for a new one' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_ID)
  id?: number;

  @ApiProperty({ example: 'email', pattern: FORM_FIELD_NAME_PATTERN.source, description: 'Unique in the form; keys the submitted values' })
  @IsString()
  @Matches(FORM_FIELD_NAME_PATTERN, { message: 'name must start with a letter and hold only letters, digits, _ and - (at most 64)' })
  name: string;

  @ApiProperty({ enum: FormFieldType })
  @IsEnum(FormFieldType, { message: `type must be one of ${Object.values(FormFieldType).join(', ')}` })
  type: FormFieldType;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @Matches(SINGLE_LINE, singleLine('label'))
  label?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500 })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @Matches(SINGLE_LINE, singleLine('placeholder'))
  placeholder?: string | null;

  @ApiPropertyOptional({ default: 0, description: 'Order of the field in the form' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(100_000)
  position?: number;

  @ApiPropertyOptional({ default: 0, description: 'Row of the form the field sits on' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1000)
  line?: number;

  @ApiPropertyOptional({
    type: [String],
    nullable: true,
    description: 'Choices of OPTION, RADIO and CHECKBOX (required there); for ZOHOOPTIONS, one key of the optionLists setting',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @ArrayUnique({ message: 'options must not repeat' })
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  @Matches(SINGLE_LINE, { each: true, message: 'each option must be on one line, without control characters' })
  options?: string[] | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Least length (TEXT, PARAGRAPH, PASSWORD), value (NUMBER) or ticked count (CHECKBOX)' })
  @IsOptional()
  @IsNumber(finite)
  min?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Greatest length, value or ticked count; not below min' })
  @IsOptional()
  @IsNumber(finite)
  max?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @MaxLength(10_000)
  @Matches(NO_NUL, { message: 'defaultText must not hold NUL characters' })
  defaultText?: string | null;

  @ApiPropertyOptional({ type: Number, nullable: true })
  @IsOptional()
  @IsNumber(finite)
  defaultNumber?: number | null;

  @ApiPropertyOptional({ type: [String], nullable: true, description: 'Options ticked at first (CHECKBOX)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsString({ each: true })
  @MaxLength(200, { each: true })
  defaultMultiple?: string[] | null;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  required?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 500, description: 'Answered in `errors` when a submitted value is refused' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  @Matches(NO_NUL, { message: 'warningMessage must not hold NUL characters' })
  warningMessage?: string | null;
}

export class CreateFormDto implements CreateFormRequest {
  @ApiProperty({ example: 'Contact', maxLength: 200 })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @Matches(SINGLE_LINE, singleLine('title'))
  title: string;

  @ApiPropertyOptional({ default: false, description: 'E-mail each message to sendTo' })
  @IsOptional()
  @IsBoolean()
  sendMail?: boolean;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'team@example.com', description: 'Required when sendMail is true' })
  @IsOptional()
  @IsString()
  @MaxLength(254)
  @IsEmail({}, { message: 'sendTo must be an e-mail address' })
  sendTo?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Answered to the visitor when a message is accepted' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  @Matches(NO_NUL, { message: 'successMessage must not hold NUL characters' })
  successMessage?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Answered to the visitor (as `message`) when values are refused' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  @Matches(NO_NUL, { message: 'errorMessage must not hold NUL characters' })
  errorMessage?: string | null;

  @ApiPropertyOptional({ enum: Status, default: Status.AVAILABLE, description: 'A DISCONTINUED form refuses submissions' })
  @IsOptional()
  @IsEnum(Status)
  status?: Status;

  @ApiPropertyOptional({ type: [FormFieldInputDto], description: `The fields in the locale of ?locale= (at most ${FORM_MAX_FIELDS})` })
  @ValidateIf((_object, value) => value !== undefined)
  @IsArray()
  @ArrayMaxSize(FORM_MAX_FIELDS)
  @ValidateNested({ each: true })
  @Type(() => FormFieldInputDto)
  fields?: FormFieldInputDto[];
}

/** Every property optional; `fields`, when given, replace the fields of ?locale=. */
@TakesBack(() => FormDto)
export class UpdateFormDto extends PartialType(CreateFormDto) implements UpdateFormRequest {}

export class FormFieldDto implements FormFieldShape {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ enum: FormFieldType }) type: FormFieldType;
  @ApiProperty({ type: String, nullable: true }) label: string | null;
  @ApiProperty({ type: String, nullable: true }) placeholder: string | null;
  @ApiProperty() position: number;
  @ApiProperty() line: number;
  @ApiProperty({ type: [String], nullable: true }) options: string[] | null;
  @ApiProperty({ type: Number, nullable: true }) min: number | null;
  @ApiProperty({ type: Number, nullable: true }) max: number | null;
  @ApiProperty({ type: String, nullable: true }) defaultText: string | null;
  @ApiProperty({ type: Number, nullable: true }) defaultNumber: number | null;
  @ApiProperty({ type: [String], nullable: true }) defaultMultiple: string[] | null;
  @ApiProperty() required: boolean;
  @ApiProperty({ type: String, nullable: true }) warningMessage: string | null;
}

export class FormListItemDto implements FormListItem {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty() sendMail: boolean;
  @ApiProperty({ type: String, nullable: true }) sendTo: string | null;
  @ApiProperty({ type: String, nullable: true }) successMessage: string | null;
  @ApiProperty({ type: String, nullable: true }) errorMessage: string | null;
  @ApiProperty({ enum: Status }) status: Status;
  @ApiProperty() updatedAt: string;
}

export class FormDto extends FormListItemDto implements FormShape {
  @ApiProperty({ enum: LANGS, description: 'The locale asked for' }) locale: Lang;
  @ApiProperty({ enum: LANGS, description: 'Where the fields come from: the locale asked for, or en when it has none' }) fieldsLocale: Lang;
  @ApiProperty({ enum: LANGS, isArray: true, description: 'Locales that have their own fields' }) locales: Lang[];
  @ApiProperty({ type: [FormFieldDto] }) fields: FormFieldDto[];
}

class PublicFormFieldDto extends OmitType(FormFieldDto, ['id'] as const) {}

export class PublicFormDto implements PublicFormShape {
  @ApiProperty() id: number;
  @ApiProperty() title: string;
  @ApiProperty({ type: String, nullable: true }) successMessage: string | null;
  @ApiProperty({ type: String, nullable: true }) errorMessage: string | null;
  @ApiProperty({ enum: LANGS, description: 'The locale of the fields (en when the one asked for has none)' }) locale: Lang;
  @ApiProperty({ type: [PublicFormFieldDto], description: 'Without ids' }) fields: Omit<FormFieldDto, 'id'>[];
  @ApiProperty({ example: '_hp', description: 'Name of the hidden input to render and leave empty' }) honeypot: string;
}
