import { Lang } from '@cms/contracts';
import { Column, Entity } from 'typeorm';
import { PagePart } from '../database/record-columns';

/** A `<meta name content>` pair of a page in one locale. */
@Entity('metadata')
export class Metadata extends PagePart {
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text' })
  content: string;

  @Column({ type: 'enum', enum: Lang, enumName: 'lang', default: Lang.en })
  lang: Lang;
}
