import { Status } from '@cms/contracts';
import { Column, Entity, Index, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ContainerField } from './container-field.entity';

/** A content type: its field definitions, its page sections and its contents. */
@Entity('container')
export class Container {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'boolean', default: false })
  disableContentSections: boolean;

  @Column({ type: 'boolean', default: false })
  hideFooter: boolean;

  /** Where its contents' pages show their sections among their fields: null after the last, 0 before the first, n after the n-th. */
  @Column({ type: 'integer', nullable: true })
  sectionsPosition: number | null;

  @Index()
  @Column({ type: 'boolean', default: false })
  published: boolean;

  @Index()
  @Column({ type: 'enum', enum: Status, enumName: 'status', default: Status.AVAILABLE })
  status: Status;

  @Index()
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @OneToMany('ContainerField', (field: ContainerField) => field.container)
  fields?: ContainerField[];
}
