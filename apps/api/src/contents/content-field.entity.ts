import { ContainerFieldType, Lang } from '@cms/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Media } from '../medias/media.entity';
import type { Content } from './content.entity';

/**
 * One value of a content's field in one locale: one row per (name, lang), or per item of a
 * `multiple` field, ordered by `position`. Only the column that matches `type` is filled.
 */
@Entity('content_field')
@Index(['contentId', 'lang', 'name'])
// Full-text search of text values: an expression GIN index kept by migration ContentFullTextSearch (see contents/read-model/full-text.ts).
@Index('IDX_content_field_text_fts', { synchronize: false })
// Filters on field values: partial B-tree indexes by (name, lang, value) kept by migration ContentFieldValueIndexes (see contents/read-model/field-queries.ts).
@Index('IDX_content_field_number_value', { synchronize: false })
@Index('IDX_content_field_date_value', { synchronize: false })
@Index('IDX_content_field_text_value', { synchronize: false })
// Lookups by media, referenced content and parent: partial B-tree indexes (most rows leave these empty) kept by migration ContentWriteCosts.
@Index('IDX_content_field_media', { synchronize: false })
@Index('IDX_content_field_content_value', { synchronize: false })
@Index('IDX_content_field_parent', { synchronize: false })
export class ContentField {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'enum', enum: ContainerFieldType, enumName: 'container_field_type' })
  type: ContainerFieldType;

  @Column({ type: 'int' })
  contentId: number;

  @ManyToOne('Content', (content: Content) => content.fields, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'contentId' })
  content?: Content;

  @Column({ type: 'int', nullable: true })
  mediaId: number | null;

  @ManyToOne('Media', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'mediaId' })
  media?: Media | null;

  @Column({ type: 'text', nullable: true })
  textValue: string | null;

  @Column({ type: 'double precision', nullable: true })
  numberValue: number | null;

  @Column({ type: 'boolean', nullable: true })
  boolValue: boolean | null;

  @Column({ type: 'timestamptz', nullable: true })
  dateValue: Date | null;

  @Column({ type: 'jsonb', nullable: true })
  timeRange: { start: string; end: string } | null;

  @Column({ type: 'int', nullable: true })
  contentValueId: number | null;

  @ManyToOne('Content', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'contentValueId' })
  contentValue?: Content | null;

  @Column({ type: 'boolean', default: false })
  multiple: boolean;

  @Column({ type: 'int', nullable: true })
  parentId: number | null;

  @ManyToOne('ContentField', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'parentId' })
  parent?: ContentField | null;

  @Column({ type: 'enum', enum: Lang, enumName: 'lang', default: Lang.en })
  lang: Lang;

  @Column({ type: 'int', default: 0 })
  position: number;
}
