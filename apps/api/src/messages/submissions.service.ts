import { FORM_MAX_FIELDS, FormFieldType, Status, type FormValue, type Lang } from '@cms/contracts';
import { BadRequestException, ConflictException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Reader } from '../accesses/readable-sql';
import { FormsService } from '../forms/forms.service';
import { renderFormMail } from '../mail/form-mail';
import { accountLanguage, mailLanguage } from '../mail/mail-language';
import { isSafeAddress } from '../mail/mail-worker';
import { MailService } from '../mail/mail.service';
import { SettingsService } from '../settings/settings.service';
import type { FormSubmissionDto, FormSubmissionResponseDto } from './dto/message.dto';
import { Message } from './message.entity';
import { WebhookEventsService } from '../webhooks/webhook-events.service';
import { checkSubmission } from './submission-values';
import { SubmissionLimiter } from './submission-limiter';

const DEFAULT_SUCCESS = 'Thank you: your message was sent.';
const DEFAULT_ERROR = 'Some values are missing or invalid.';

/**
 * Public form submissions: rate-limited per IP, checked against the form's fields on the server,
 * stored as one Message, and, when the form says so, mailed through the outbox (queued in the
 * same transaction, sent after it commits, retried until delivered).
 */
@Injectable()
export class SubmissionsService {
  private readonly logger = new Logger('Forms');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly forms: FormsService,
    private readonly settings: SettingsService,
    private readonly mail: MailService,
    private readonly limiter: SubmissionLimiter,
    private readonly webhooks: WebhookEventsService,
  ) {}

  async submit(formId: number, locale: Lang, body: FormSubmissionDto, ip: string, reader: Reader): Promise<FormSubmissionResponseDto> {
    await this.limiter.hit(ip);
    const { form, fields } = await this.forms.definition(formId, locale);
    if (form.status !== Status.AVAILABLE) throw new ConflictException('This form no longer accepts messages');
    await this.forms.assertShownTo(formId, reader);
    const accepted = { message: form.successMessage || DEFAULT_SUCCESS };
    // A filled honeypot is a bot: it gets the usual answer, and nothing is kept.
    if (body._hp) return accepted;

    if (Object.keys(body.values).length > FORM_MAX_FIELDS) {
      throw new BadRequestException({
        message: `A message carries at most ${FORM_MAX_FIELDS} values`,
        errors: { values: [`at most ${FORM_MAX_FIELDS} values`] },
      });
    }
    const needsLists = fields.some((f) => f.type === FormFieldType.ZOHOOPTIONS);
    const optionLists = needsLists ? ((await this.settings.value('optionLists')) ?? {}) : {};
    const { value, errors } = checkSubmission(fields, body.values, optionLists);
    if (Object.keys(errors).length) throw new BadRequestException({ message: form.errorMessage || DEFAULT_ERROR, errors });

    // sendTo is checked when the form is saved; should a stored one still be unfit for a header,
    // the message is kept and no mail is attempted.
    const mailTo = form.sendMail && isSafeAddress(form.sendTo) ? form.sendTo : null;
    if (form.sendMail && !mailTo) this.logger.warn(`Form ${formId} sends mail but its sendTo is not a single e-mail address: no mail queued`);
    const received = (messageId: number) => ({ event: 'message.received' as const, recordType: 'message' as const, recordId: messageId, locales: [locale] });
    if (!mailTo) {
      await this.dataSource.transaction(async (manager) => {
        const { identifiers } = await manager.getRepository(Message).insert({ formId, value, read: false });
        await this.webhooks.emit(manager, [received(identifiers[0].id as number)]);
      });
      return accepted;
    }
    await this.dataSource.transaction(async (manager) => {
      const message = await manager.getRepository(Message).save(manager.getRepository(Message).create({ formId, value, read: false }));
      await this.webhooks.emit(manager, [received(message.id)]);
      const shown = fields.filter((f) => Object.hasOwn(value, f.name)).map((f) => ({ label: f.label || f.name, value: value[f.name] as FormValue }));
      const replyTo = fields.find((f) => f.type === FormFieldType.EMAIL && Object.hasOwn(value, f.name));
      // Written for whoever reads it: the language of the account with that address, else the site's default.
      const lang = await mailLanguage(this.settings, [await accountLanguage(manager, mailTo)], manager);
      await this.mail.enqueue(manager, {
        messageId: message.id,
        to: mailTo,
        replyTo: replyTo ? (value[replyTo.name] as string) : null,
        ...renderFormMail({ formTitle: form.title, values: shown, receivedAt: message.createdAt, lang }),
      });
    });
    this.mail.sendSoon();
    return accepted;
  }
}
