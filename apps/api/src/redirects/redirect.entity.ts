import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/** A redirect of the public site (migration Redirects1795761487000 says what each column holds). */
@Entity('redirect')
@Unique('UQ_redirect_from', ['from'])
@Check('CHK_redirect_status', `"status" IN (301, 302)`)
@Check('CHK_redirect_not_itself', `"from" <> "to"`)
export class Redirect {
  @PrimaryGeneratedColumn({ primaryKeyConstraintName: 'PK_redirect' })
  id: number;

  @Column({ type: 'varchar', length: 1100 })
  from: string;

  @Index('IDX_redirect_to')
  @Column({ type: 'varchar', length: 2000 })
  to: string;

  @Column({ type: 'smallint', default: 301 })
  status: number;

  @Column({ type: 'boolean', default: false })
  auto: boolean;

  @Column({ type: 'int', default: 0 })
  hits: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
