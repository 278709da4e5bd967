import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Login } from '../users/login.entity';

/**
 * One signed-in browser. The JWT handed out names this row, so deleting the row revokes the token
 * at once; `token` keeps a SHA-256 digest of the JWT, never the JWT itself.
 */
@Entity('session')
export class Session {
  /** A random UUID made by the API (crypto.randomUUID), so no database extension is needed. */
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'varchar', length: 64 })
  token: string;

  @Index()
  @Column({ type: 'int' })
  loginId: number;

  @ManyToOne('Login', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'loginId' })
  login?: Login;

  @Index()
  @Column({ type: 'timestamptz' })
  expiresAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;

  /** Moved at most once a minute by the requests that use the session; SESSION_IDLE after it, the session ends. */
  @Index('IDX_session_lastUsedAt')
  @Column({ type: 'timestamptz', default: () => 'now()' })
  lastUsedAt: Date;
}
