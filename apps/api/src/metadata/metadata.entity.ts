import { Lang } from '@cms/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Container } from '../containers/container.entity';
import type { Content } from '../contents/content.entity';

/** A `<meta name content>` pair of a page in one locale. */
@Entity('metadata')
export class Metadata {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text' })
  content: string;

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
  ownerContent?: Content | null;

  @Column({ type: 'enum', enum: Lang, enumName: 'lang', default: Lang.en })
  lang: Lang;
}
