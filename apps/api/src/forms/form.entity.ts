import { Status } from '@cms/contracts';
import { Column, Entity, Index, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { FormField } from './form-field.entity';

@Entity('form')
export class Form {
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

  @Index()
  @Column({ type: 'enum', enum: Status, enumName: 'status', default: Status.AVAILABLE })
  status: Status;

  @Index()
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @OneToMany('FormField', (field: FormField) => field.form)
  fields?: FormField[];
}
