import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { MediaPack } from '../media-packs/media-pack.entity';

/** An uploaded file. `uri` is the server-generated storage key; `alt` holds one text per locale. */
@Entity('media')
export class Media {
  @PrimaryGeneratedColumn()
  id: number;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 255 })
  uri: string;

  @Index()
  @Column({ type: 'varchar', length: 127 })
  mimeType: string;

  @Index()
  @Column({ type: 'varchar', length: 255 })
  name: string;

  @Index()
  @Column({ type: 'bigint', transformer: { to: (v?: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) } })
  size: number;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  alt: Partial<Record<string, string>>;

  @Column({ type: 'int', nullable: true })
  width: number | null;

  @Column({ type: 'int', nullable: true })
  height: number | null;

  @Index()
  @Column({ type: 'int', nullable: true })
  packId: number | null;

  @ManyToOne('MediaPack', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'packId' })
  pack?: MediaPack | null;

  @Index()
  @CreateDateColumn({ type: 'timestamptz' })
  uploadTime: Date;
}
