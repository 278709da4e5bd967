import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Container } from '../containers/container.entity';
import type { Content } from '../contents/content.entity';

/** The URL of a page: `basic` is its own segment, `full` the path built from the parent chain. */
@Entity('slug')
export class Slug {
  @PrimaryGeneratedColumn()
  id: number;

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
  @Column({ type: 'int', nullable: true })
  containerId: number | null;

  @ManyToOne('Container', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'containerId' })
  container?: Container | null;

  @Index()
  @Column({ type: 'int', nullable: true })
  contentId: number | null;

  @ManyToOne('Content', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'contentId' })
  content?: Content | null;

  @Index()
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  @Index()
  @Column({ type: 'boolean', default: false })
  published: boolean;
}
