import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Message } from '../messages/message.entity';

/**
 * An e-mail to send, written in the same transaction as what it announces, so that a stored
 * message always has its mail queued. The mail worker of any API instance claims due rows
 * (FOR UPDATE SKIP LOCKED), sends them and records the outcome: sent, retried later, or failed.
 */
@Entity('mail_outbox')
export class MailOutbox {
  @PrimaryGeneratedColumn()
  id: number;

  /** The form message the mail announces; deleting the message drops its mail. */
  @Index()
  @Column({ type: 'int', nullable: true })
  messageId: number | null;

  @ManyToOne('Message', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'messageId' })
  message?: Message | null;

  @Column({ type: 'varchar', length: 254 })
  to: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  replyTo: string | null;

  @Column({ type: 'varchar', length: 300 })
  subject: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'text' })
  html: string;

  /** Sends tried so far. */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  /** When the next try is due; while a worker sends, a lease after which another may retry. */
  @Index()
  @Column({ type: 'timestamptz', default: () => 'now()' })
  nextAttemptAt: Date;

  @Column({ type: 'timestamptz', nullable: true })
  sentAt: Date | null;

  /** Set when the server refused the mail for good, or the tries ran out. */
  @Column({ type: 'timestamptz', nullable: true })
  failedAt: Date | null;

  @Column({ type: 'varchar', length: 1000, nullable: true })
  lastError: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
