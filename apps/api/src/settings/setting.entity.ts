import { Column, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A site-wide value; known names are validated by the settings module, others are free JSON. */
@Entity('setting')
export class Setting {
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
