import { Column, Entity, Index, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import type { ContainerField } from './container-field.entity';
import { PublishableRecord } from '../database/record-columns';

/** A content type: its field definitions, its page sections and its contents. */
@Entity('container')
export class Container extends PublishableRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'boolean', default: false })
  disableContentSections: boolean;

  @Column({ type: 'boolean', default: false })
  hideFooter: boolean;

  /** Its contents keep a live version and a working draft (content_draft) that a publish makes live. */
  @Column({ type: 'boolean', default: false })
  drafts: boolean;

  /** Where its contents' pages show their sections among their fields: null after the last, 0 before the first, n after the n-th. */
  @Column({ type: 'integer', nullable: true })
  sectionsPosition: number | null;

  @OneToMany('ContainerField', (field: ContainerField) => field.container)
  fields?: ContainerField[];
}
