import { Column, Entity, Index, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import type { FormField } from './form-field.entity';
import { StatusRecord } from '../database/record-columns';

@Entity('form')
export class Form extends StatusRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'boolean', default: false })
  sendMail: boolean;

  @Column({ type: 'varchar', length: 254, nullable: true })
  sendTo: string | null;

  @Column({ type: 'text', nullable: true })
  successMessage: string | null;

  @Column({ type: 'text', nullable: true })
  errorMessage: string | null;

  @OneToMany('FormField', (field: FormField) => field.form)
  fields?: FormField[];
}
