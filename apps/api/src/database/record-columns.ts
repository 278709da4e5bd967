import { Status } from '@cms/contracts';
import { Column, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Container } from '../containers/container.entity';
import type { Content } from '../contents/content.entity';
import type { User } from '../users/user.entity';

/**
 * Columns several tables share, declared once (TypeORM copies an abstract class's columns into each
 * entity that extends it: the tables are as before, column for column).
 */

/** A record staff edit: who changed it last (null: before issue 26, a system write, or a deleted user). */
export abstract class EditedRecord {
  @Index()
  @Column({ type: 'int', nullable: true })
  updatedBy: number | null;

  @ManyToOne('User', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'updatedBy' })
  updatedByUser?: User | null;
}

/** A record editors keep available or discontinue, and when it last changed. */
export abstract class StatusRecord extends EditedRecord {
  @Index()
  @Column({ type: 'enum', enum: Status, enumName: 'status', default: Status.AVAILABLE })
  status: Status;

  @Index()
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}

/** A record with a page that is published or not. */
export abstract class PublishableRecord extends StatusRecord {
  @Index()
  @Column({ type: 'boolean', default: false })
  published: boolean;
}

/**
 * A part of a page (its slug, a section, a metadata entry, an access): owned by a container's page
 * or by a content's, and gone with its owner; neither for the layout's sections. The page-parts
 * writes of both owners go through the same columns.
 */
export abstract class PagePart {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'int', nullable: true })
  containerId: number | null;

  @ManyToOne('Container', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'containerId' })
  ownerContainer?: Container | null;

  @Index()
  @Column({ type: 'int', nullable: true })
  contentId: number | null;

  @ManyToOne('Content', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'contentId' })
  ownerContent?: Content | null;
}
