import { Lang, SectionType } from '@cms/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import type { Container } from '../containers/container.entity';
import type { Element } from '../elements/element.entity';
import type { Form } from '../forms/form.entity';
import { PagePart } from '../database/record-columns';

/**
 * An ordered block of a page in one locale. PAGE sections belong to a container or a content;
 * HEADER, TOP_BODY, BOTTOM_BODY and FOOTER sections with no owner make up the site layout.
 */
@Entity('section')
@Index(['type', 'lang', 'position'])
export class Section extends PagePart {
  @Column({ type: 'enum', enum: SectionType, enumName: 'section_type' })
  type: SectionType;

  @Column({ type: 'varchar', length: 50 })
  block: string;

  @Index()
  @Column({ type: 'int', nullable: true })
  formId: number | null;

  @ManyToOne('Form', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'formId' })
  form?: Form | null;

  /** The container whose contents a `contents` block lists. */
  @Index()
  @Column({ type: 'int', nullable: true })
  containerContentId: number | null;

  @ManyToOne('Container', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'containerContentId' })
  containerContent?: Container | null;

  @Index()
  @Column({ type: 'int', nullable: true })
  elementId: number | null;

  @ManyToOne('Element', { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'elementId' })
  element?: Element | null;

  @Column({ type: 'int', default: 0 })
  position: number;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  content: Record<string, unknown>;

  @Column({ type: 'enum', enum: Lang, enumName: 'lang', default: Lang.en })
  lang: Lang;
}
