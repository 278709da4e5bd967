import type { MessageMailStatus } from '@cms/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { MailOutbox } from './mail-outbox.entity';
import { isSafeAddress, MailWorker } from './mail-worker';
import type { RenderedMail } from './form-mail';

interface OutgoingMail extends RenderedMail {
  to: string;
  replyTo?: string | null;
  messageId?: number | null;
}

/** Queues e-mails in the outbox (in the caller's transaction) and tells how they went. */
@Injectable()
export class MailService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly worker: MailWorker,
  ) {}

  /** Writes the mail with `manager`, so it is queued exactly when the caller's transaction commits. */
  async enqueue(manager: EntityManager, mail: OutgoingMail): Promise<void> {
    if (!isSafeAddress(mail.to)) throw new Error('The recipient is not a single e-mail address');
    await manager.getRepository(MailOutbox).insert({
      messageId: mail.messageId ?? null,
      to: mail.to,
      replyTo: isSafeAddress(mail.replyTo) ? mail.replyTo : null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }

  /** Call once the transaction that queued mail has committed. */
  sendSoon(): void {
    this.worker.kick();
  }

  /** The mail state of each message that has one. */
  async statusOf(messageIds: number[]): Promise<Map<number, MessageMailStatus>> {
    const statuses = new Map<number, MessageMailStatus>();
    if (messageIds.length === 0) return statuses;
    const rows: { messageId: number; sentAt: Date | null; failedAt: Date | null }[] = await this.dataSource.query(
      `SELECT "messageId", "sentAt", "failedAt" FROM "mail_outbox" WHERE "messageId" = ANY($1::int[])`,
      [messageIds],
    );
    for (const row of rows) statuses.set(row.messageId, row.sentAt ? 'sent' : row.failedAt ? 'failed' : 'pending');
    return statuses;
  }
}
