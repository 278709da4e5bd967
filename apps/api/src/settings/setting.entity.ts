import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { EditedRecord } from '../database/record-columns';

/** A site-wide value; known names are validated by the settings module, others are free JSON. */
@Entity('setting')
export class Setting extends EditedRecord {
  @PrimaryGeneratedColumn()
  id: number;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'jsonb', nullable: true })
  value: unknown;

  @Index()
  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
