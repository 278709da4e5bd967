import { ContainerFieldType } from '@cms/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Container } from './container.entity';

/** The definition of one field of a container; content values are checked against it. */
@Entity('container_field')
@Index(['containerId', 'name'], { unique: true })
export class ContainerField {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 200 })
  label: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'enum', enum: ContainerFieldType, enumName: 'container_field_type' })
  type: ContainerFieldType;

  @Column({ type: 'boolean', default: false })
  multiple: boolean;

  @Column({ type: 'varchar', length: 100, nullable: true })
  zohoOptionsKey: string | null;

  @Column({ type: 'jsonb', nullable: true })
  options: string[] | null;

  @Column({ type: 'double precision', nullable: true })
  min: number | null;

  @Column({ type: 'double precision', nullable: true })
  max: number | null;

  @Index()
  @Column({ type: 'int' })
  containerId: number;

  @ManyToOne('Container', (container: Container) => container.fields, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'containerId' })
  container?: Container;

  @Index()
  @Column({ type: 'int', nullable: true })
  linkedContainerId: number | null;

  @ManyToOne('Container', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'linkedContainerId' })
  linkedContainer?: Container | null;

  @Column({ type: 'jsonb', nullable: true })
  metadata: Record<string, unknown> | null;

  @Column({ type: 'boolean', default: false })
  required: boolean;

  @Column({ type: 'int', default: 0 })
  position: number;
}
