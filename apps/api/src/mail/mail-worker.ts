import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isEmail } from 'class-validator';
import { createTransport, type Transporter } from 'nodemailer';
import { DataSource, type EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SettingsService } from '../settings/settings.service';
import { headerText } from './form-mail';

interface DueMail {
  id: number;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

type Outcome = 'sent' | { error: string; permanent: boolean };

/** Rows a worker claims at a time. */
const BATCH = 10;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** An address fit for a header: one e-mail address, no CR/LF, nothing that could add a recipient. */
export function isSafeAddress(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.length <= 254 && !/[\r\n\u0000]/.test(value) && isEmail(value);
}

/**
 * Sends the mail outbox through SMTP (SMTP_URL). Each instance polls for due rows and claims them
 * in one short statement with FOR UPDATE SKIP LOCKED, so several instances never send a mail
 * twice at once, and a restart picks up whatever was left. A failed send is retried with
 * exponential backoff; a permanent refusal (5xx) or the last allowed try marks it failed.
 */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private transport?: Transporter;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: SettingsService,
  ) {}

  onApplicationBootstrap(): void {
    const { smtpUrl } = this.config.mail;
    if (!smtpUrl) {
      this.logger.warn('SMTP_URL is not set: form e-mails wait in the outbox until a server is configured');
      return;
    }
    this.transport = createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport?.close();
  }

  /** Looks for due mail now (after a message was stored) rather than at the next poll. */
  kick(): void {
    if (this.transport) this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.running) {
      if (delayMs === 0) this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delayMs);
    this.timer.unref();
  }

  private async run(): Promise<void> {
    this.timer = undefined;
    this.again = false;
    this.running = this.drain().catch((error: unknown) => this.logger.error(`Mail outbox: ${error instanceof Error ? error.message : String(error)}`));
    await this.running;
    this.running = undefined;
    this.schedule(this.again ? 0 : this.config.mail.pollMs);
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const due = await this.claim();
      if (due.length === 0) return;
      await Promise.all(due.map((mail) => this.deliver(mail)));
    }
  }

  /** One short transaction: take due rows no other worker holds, and lease them. */
  private async claim(): Promise<DueMail[]> {
    return this.dataSource.transaction(async (manager) => {
      const [rows] = (await manager.query(
        `UPDATE "mail_outbox" SET "attempts" = "attempts" + 1, "nextAttemptAt" = now() + make_interval(secs => $1)
         WHERE "id" IN (
           SELECT "id" FROM "mail_outbox"
           WHERE "sentAt" IS NULL AND "failedAt" IS NULL AND "nextAttemptAt" <= now()
           ORDER BY "nextAttemptAt", "id" LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING "id", "to", "replyTo", "subject", "text", "html", "attempts"`,
        // How long a claimed row stays with its worker before another may retry it (a crash mid-send).
        [this.config.mail.leaseSeconds, BATCH],
      )) as [DueMail[], number];
      return rows;
    });
  }

  private async deliver(mail: DueMail): Promise<void> {
    if (!isSafeAddress(mail.to) || (mail.replyTo !== null && !isSafeAddress(mail.replyTo))) {
      await this.record(mail, { error: 'refused: an address is not a single e-mail address', permanent: true });
      return;
    }
    let outcome: Outcome;
    try {
      await this.transport!.sendMail({
        from: { name: '', address: await this.sender() },
        to: { name: '', address: mail.to },
        ...(mail.replyTo ? { replyTo: { name: '', address: mail.replyTo } } : {}),
        subject: headerText(mail.subject),
        text: mail.text,
        html: mail.html,
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      outcome = 'sent';
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      outcome = { error: error instanceof Error ? error.message : String(error), permanent: typeof code === 'number' && code >= 500 && code < 600 };
    }
    await this.record(mail, outcome);
  }

  /**
   * Writes how a try went. A failed write is tried again rather than taken for a failed send,
   * which would send the mail twice; if it keeps failing, the lease runs out and the mail is
   * sent again (at least once, never lost).
   */
  private async record(mail: DueMail, outcome: Outcome): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.dataSource.transaction((manager) => this.write(manager, mail, outcome));
        return;
      } catch (error) {
        if (attempt >= 3) {
          this.logger.error(`Mail ${mail.id}: could not record its state: ${error instanceof Error ? error.message : String(error)}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  private async write(manager: EntityManager, mail: DueMail, outcome: Outcome): Promise<void> {
    if (outcome === 'sent') {
      await manager.query(`UPDATE "mail_outbox" SET "sentAt" = now(), "lastError" = NULL WHERE "id" = $1`, [mail.id]);
      return;
    }
    const lastError = outcome.error.slice(0, 1000);
    if (outcome.permanent || mail.attempts >= this.config.mail.maxAttempts) {
      this.logger.error(`Mail ${mail.id} to ${mail.to} failed for good after ${mail.attempts} tries: ${lastError}`);
      await manager.query(`UPDATE "mail_outbox" SET "failedAt" = now(), "lastError" = $2 WHERE "id" = $1`, [mail.id, lastError]);
      return;
    }
    // Exponential backoff with jitter, so that retries from many instances spread out.
    const backoff = Math.min(MAX_BACKOFF_MS, this.config.mail.retryBaseMs * 2 ** (mail.attempts - 1)) * (0.8 + Math.random() * 0.4);
    this.logger.warn(`Mail ${mail.id} to ${mail.to} not sent (try ${mail.attempts}), retrying in ${Math.round(backoff / 1000)} s: ${lastError}`);
    await manager.query(`UPDATE "mail_outbox" SET "nextAttemptAt" = now() + make_interval(secs => $2), "lastError" = $3 WHERE "id" = $1`, [
      mail.id,
      backoff / 1000,
      lastError,
    ]);
  }

  /** The From address: the smtpSender setting, else MAIL_FROM, else a no-reply of this host. */
  private async sender(): Promise<string> {
    const fromSettings = await this.dataSource.transaction((manager) => this.settings.value('smtpSender', manager));
    if (isSafeAddress(fromSettings)) return fromSettings;
    if (isSafeAddress(this.config.mail.from)) return this.config.mail.from;
    return 'no-reply@localhost';
  }
}
