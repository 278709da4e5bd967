import { FormFieldType, Lang } from '@cms/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Form } from './form.entity';

/** One input of a form in one locale. */
@Entity('form_field')
@Index(['formId', 'lang', 'position'])
export class FormField {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'int' })
  formId: number;

  @ManyToOne('Form', (form: Form) => form.fields, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'formId' })
  form?: Form;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'enum', enum: FormFieldType, enumName: 'form_field_type' })
  type: FormFieldType;

  @Column({ type: 'varchar', length: 500, nullable: true })
  label: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  placeholder: string | null;

  @Column({ type: 'int', default: 0 })
  position: number;

  @Column({ type: 'int', default: 0 })
  line: number;

  @Column({ type: 'jsonb', nullable: true })
  options: string[] | null;

  @Column({ type: 'double precision', nullable: true })
  min: number | null;

  @Column({ type: 'double precision', nullable: true })
  max: number | null;

  @Column({ type: 'text', nullable: true })
  defaultText: string | null;

  @Column({ type: 'double precision', nullable: true })
  defaultNumber: number | null;

  @Column({ type: 'jsonb', nullable: true })
  defaultMultiple: string[] | null;

  @Column({ type: 'enum', enum: Lang, enumName: 'lang', default: Lang.en })
  lang: Lang;

  @Column({ type: 'boolean', default: false })
  required: boolean;

  @Column({ type: 'varchar', length: 500, nullable: true })
  warningMessage: string | null;
}
