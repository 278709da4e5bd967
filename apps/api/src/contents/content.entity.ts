import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, PrimaryGeneratedColumn } from 'typeorm';
import type { Container } from '../containers/container.entity';
import type { ContentField } from './content-field.entity';
import { PublishableRecord } from '../database/record-columns';

@Entity('content')
// A contents list's page order (by container, updatedAt, then id) read straight from one index.
@Index(['containerId', 'updatedAt', 'id'])
// Full-text search of titles: an expression GIN index kept by migration ContentFullTextSearch (see contents/read-model/full-text.ts).
@Index('IDX_content_title_fts', { synchronize: false })
// The scheduler's due contents: only those that wait for a publish or an unpublish (migration ContentDrafts).
@Index('IDX_content_scheduled', { synchronize: false })
export class Content extends PublishableRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'varchar', length: 300 })
  title: string;

  @Index()
  @Column({ type: 'int' })
  containerId: number;

  @ManyToOne('Container', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'containerId' })
  container?: Container;

  /** When a publish last made it live (null: never, or before drafts existed). */
  @Column({ type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  /** When the scheduler publishes it (makes its draft live), once. */
  @Column({ type: 'timestamptz', nullable: true })
  publishAt: Date | null;

  /** When the scheduler unpublishes it, once. */
  @Column({ type: 'timestamptz', nullable: true })
  unpublishAt: Date | null;

  @OneToMany('ContentField', (field: ContentField) => field.content)
  fields?: ContentField[];
}
