import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Role } from '../roles/role.entity';
import type { User } from './user.entity';

/** The credentials of a user and the role they act with. `email` is stored normalised (trimmed, lower case). */
@Entity('login')
export class Login {
  @PrimaryGeneratedColumn()
  id: number;

  @Index()
  @Column({ type: 'int' })
  userId: number;

  @ManyToOne('User', (user: User) => user.logins, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId' })
  user?: User;

  @Index()
  @Column({ type: 'varchar', length: 64 })
  roleId: string;

  @ManyToOne('Role', { onDelete: 'RESTRICT', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'roleId' })
  role?: Role;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** argon2id hash, never the password itself and never sent out. */
  @Column({ type: 'varchar', length: 255 })
  password: string;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** Two-factor sign-in (accounts/two-factor.service.ts): never read unless asked for, never sent out. */
  @Column({ type: 'varchar', length: 64, nullable: true, select: false })
  totpSecret?: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true, select: false })
  totpPendingSecret?: string | null;

  @Column({ type: 'timestamptz', nullable: true, select: false })
  totpEnabledAt?: Date | null;

  @Column({ type: 'bigint', nullable: true, select: false })
  totpLastStep?: string | null;

  /** SHA-256 digests of the unused recovery codes. */
  @Column({ type: 'jsonb', default: () => "'[]'", select: false })
  recoveryCodes?: string[];
}
