import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Form } from '../forms/form.entity';
import { StatusRecord } from '../database/record-columns';

/** A reusable block, placed in sections by reference. */
@Entity('element')
export class Element extends StatusRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Index()
  @Column({ type: 'varchar', length: 50 })
  block: string;

  @Index()
  @Column({ type: 'int', nullable: true })
  formId: number | null;

  @ManyToOne('Form', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'formId' })
  form?: Form | null;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  content: Record<string, unknown>;
}
