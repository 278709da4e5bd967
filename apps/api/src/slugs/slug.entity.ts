import { Column, Entity, Index, JoinColumn, ManyToOne, UpdateDateColumn } from 'typeorm';
import { PagePart } from '../database/record-columns';

/** The URL of a page: `basic` is its own segment, `full` the path built from the parent chain. */
@Entity('slug')
export class Slug extends PagePart {
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 1000 })
  full: string;

  @Column({ type: 'varchar', length: 200 })
  basic: string;

  @Index()
  @Column({ type: 'int', nullable: true })
  parentId: number | null;

  @ManyToOne('Slug', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'parentId' })
  parent?: Slug | null;

  @Index()
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @Index()
  @Column({ type: 'boolean', default: false })
  published: boolean;
}
