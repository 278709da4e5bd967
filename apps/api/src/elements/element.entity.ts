import { Status } from '@cms/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Form } from '../forms/form.entity';

/** A reusable block, placed in sections by reference. */
@Entity('element')
export class Element {
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

  @Index()
  @Column({ type: 'enum', enum: Status, enumName: 'status', default: Status.AVAILABLE })
  status: Status;

  @Index()
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
