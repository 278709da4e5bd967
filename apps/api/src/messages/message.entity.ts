import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Form } from '../forms/form.entity';

/** One submission of a form: its values as given, stored inert (never rendered as HTML). */
@Entity('message')
@Index(['formId', 'createdAt'])
export class Message {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'boolean', default: false })
  read: boolean;

  @Index()
  @Column({ type: 'int' })
  formId: number;

  @ManyToOne('Form', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'formId' })
  form?: Form;

  @Column({ type: 'jsonb' })
  value: Record<string, unknown>;

  @Index()
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
