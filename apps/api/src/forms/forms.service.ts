import { DEFAULT_LANG, inLocale, FORM_HONEYPOT_FIELD, LANGS, Status, type Lang } from '@cms/contracts';
import { ConflictException, ForbiddenException, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { readableSql, type Reader } from '../accesses/readable-sql';
import { choicesOf, type ChoiceDto } from '../common/http/choices';
import { listPage, type ListPage, type ListSpec, type RawListQuery, intFilter, booleanFilter, oneOfFilter, containsFilter } from '../common/http/list-query';
import { findOr404 } from '../common/http/find-or-404';
import { Element } from '../elements/element.entity';
import { RevalidationService } from '../revalidation/revalidation.service';
import { Section } from '../sections/section.entity';
import type { CreateFormDto, FormDto, FormFieldDto, FormFieldInputDto, FormListItemDto, PublicFormDto, UpdateFormDto } from './dto/form.dto';
import { checkFormFields } from './form-definition';
import { FormField } from './form-field.entity';
import { Form } from './form.entity';
import { invalidInput } from '../common/http/input-errors';
import { containerOfContentSql } from '../contents/content-sql';
import { updatedByNow, VersionsService, type Version, type VersionAction } from '../versions/versions.service';
import type { Dropped, VersionedRecords } from '../versions/versioned-records';
import { writeLeavingOut } from '../versions/leaving-out';

/**
 * Where a form is shown (its own sections and the sections placing an element that holds it) and
 * whether the reader may open one of those pages. A layout section belongs to no page and shows
 * on every one, so it makes the form public.
 */
const PLACEMENT_SQL = `SELECT count(*)::int AS placements,
    coalesce(bool_or(${readableSql(
      { contentId: 's."contentId"', containerId: `COALESCE(s."containerId", ${containerOfContentSql('s."contentId"')})` },
      { role: '$2', superAdmin: '$3' },
    )}), false) AS readable
  FROM "section" s
  WHERE s."formId" = $1 OR s."elementId" IN (SELECT e.id FROM "element" e WHERE e."formId" = $1)`;

const FORM_LIST: ListSpec<Form> = {
  resource: 'forms',
  sortable: { id: 'form.id', title: 'LOWER(form.title)', status: 'form.status', sendMail: 'form.sendMail', updatedAt: 'form.updatedAt' },
  defaultSort: ['title', 'ASC'],
  filters: {
    id: intFilter('form.id'),
    status: oneOfFilter('form.status', Object.values(Status)),
    sendMail: booleanFilter('form.sendMail'),
    q: containsFilter('form.title'),
  },
};

/** A form and the fields a visitor of one locale sees (that locale's, or en's when it has none). */
interface FormDefinition {
  form: Form;
  fields: FormField[];
  fieldsLocale: Lang;
}

function toListItem(form: Form): FormListItemDto {
  return {
    id: form.id,
    title: form.title,
    sendMail: form.sendMail,
    sendTo: form.sendTo,
    successMessage: form.successMessage,
    errorMessage: form.errorMessage,
    status: form.status,
    updatedAt: form.updatedAt.toISOString(),
  };
}

function toFieldDto(field: FormField): FormFieldDto {
  return {
    id: field.id,
    name: field.name,
    type: field.type,
    label: field.label,
    placeholder: field.placeholder,
    position: field.position,
    line: field.line,
    options: field.options,
    min: field.min,
    max: field.max,
    defaultText: field.defaultText,
    defaultNumber: field.defaultNumber,
    defaultMultiple: field.defaultMultiple,
    required: field.required,
    warningMessage: field.warningMessage,
  };
}

function fieldColumns(input: FormFieldInputDto): Omit<FormField, 'id' | 'formId' | 'lang' | 'form'> {
  return {
    name: input.name,
    type: input.type,
    label: input.label ?? null,
    placeholder: input.placeholder ?? null,
    position: input.position ?? 0,
    line: input.line ?? 0,
    options: input.options ?? null,
    min: input.min ?? null,
    max: input.max ?? null,
    defaultText: input.defaultText ?? null,
    defaultNumber: input.defaultNumber ?? null,
    defaultMultiple: input.defaultMultiple ?? null,
    required: input.required ?? false,
    warningMessage: input.warningMessage ?? null,
  };
}

const byPosition = (a: FormField, b: FormField) => a.position - b.position || a.line - b.line || a.id - b.id;

/**
 * Forms and their fields per locale. A form and the fields of one locale are written in one
 * transaction; a form placed in a section or an element cannot be deleted.
 */
@Injectable()
export class FormsService implements VersionedRecords {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly revalidation: RevalidationService,
    private readonly versions: VersionsService,
  ) {}

  /** Id and title of every form, for the pickers of screens that may not list them. */
  choices(): Promise<ChoiceDto[]> {
    return choicesOf(this.dataSource.manager, Form, 'title');
  }

  list(raw: RawListQuery): Promise<ListPage<FormListItemDto>> {
    return listPage(this.dataSource.getRepository(Form).createQueryBuilder('form'), raw, FORM_LIST, 'form.id', (forms) => forms.map(toListItem));
  }

  async get(id: number, locale: Lang, manager: EntityManager = this.dataSource.manager): Promise<FormDto> {
    const form = await this.find(id, manager);
    const all = await manager.getRepository(FormField).find({ where: { formId: id } });
    const locales = [...new Set(all.map((f) => f.lang))].sort();
    const { rows: fields, locale: fieldsLocale } = inLocale(all, locale);
    return { ...toListItem(form), locale, fieldsLocale, locales, fields: fields.sort(byPosition).map(toFieldDto) };
  }

  async create(dto: CreateFormDto, locale: Lang): Promise<FormDto> {
    this.assertMailTarget(dto.sendMail ?? false, dto.sendTo ?? null);
    this.assertFields(dto.fields ?? []);
    return this.dataSource.transaction(async (manager) => {
      const repo = manager.getRepository(Form);
      const form = await repo.save(
        repo.create({
          title: dto.title,
          sendMail: dto.sendMail ?? false,
          sendTo: dto.sendTo ?? null,
          successMessage: dto.successMessage ?? null,
          errorMessage: dto.errorMessage ?? null,
          status: dto.status ?? Status.AVAILABLE,
          updatedBy: updatedByNow(),
        }),
      );
      await this.replaceFields(manager, form.id, locale, dto.fields ?? []);
      await this.keepVersion(manager, form.id, 'create', [locale]);
      return this.get(form.id, locale, manager);
    });
  }

  async update(id: number, dto: UpdateFormDto, locale: Lang): Promise<FormDto> {
    if (dto.fields) this.assertFields(dto.fields);
    const updated = await this.dataSource.transaction(async (manager) => {
      await this.write(manager, id, dto, locale);
      await this.keepVersion(manager, id, 'update', dto.fields ? [locale] : []);
      return this.get(id, locale, manager);
    });
    this.revalidation.emit({ scope: 'all' });
    return updated;
  }

  /** Writes a PUT in a locale on a form (locked until the transaction ends). */
  private async write(manager: EntityManager, id: number, dto: UpdateFormDto, locale: Lang): Promise<void> {
    const form = await this.find(id, manager, true);
    const sendMail = dto.sendMail ?? form.sendMail;
    const sendTo = dto.sendTo === undefined ? form.sendTo : dto.sendTo;
    this.assertMailTarget(sendMail, sendTo);
    await manager.getRepository(Form).update(
      { id },
      {
        title: dto.title ?? form.title,
        sendMail,
        sendTo,
        successMessage: dto.successMessage === undefined ? form.successMessage : dto.successMessage,
        errorMessage: dto.errorMessage === undefined ? form.errorMessage : dto.errorMessage,
        status: dto.status ?? form.status,
        // Touch the row so updatedAt moves when only the fields change.
        updatedAt: new Date(),
        updatedBy: updatedByNow(),
      },
    );
    if (dto.fields) await this.replaceFields(manager, id, locale, dto.fields);
  }

  /** Keeps a version of the form as it is now in `manager`'s transaction: its settings and every locale's fields. */
  private async keepVersion(manager: EntityManager, id: number, action: VersionAction, locales: Lang[]): Promise<void> {
    const { title, sendMail, sendTo, successMessage, errorMessage, status } = await this.find(id, manager);
    const all = await manager.getRepository(FormField).find({ where: { formId: id } });
    const byLang: Partial<Record<Lang, Omit<FormFieldDto, 'id'>[]>> = {};
    for (const field of all.sort(byPosition)) {
      const { id: _id, ...kept } = toFieldDto(field);
      (byLang[field.lang] ??= []).push(kept);
    }
    const state = {
      title,
      sendMail,
      sendTo,
      successMessage,
      errorMessage,
      status,
      locales: Object.fromEntries(Object.entries(byLang).map(([lang, fields]) => [lang, { fields }])),
    };
    await this.versions.record(manager, { resource: 'forms', recordId: id, action, locales, state });
  }

  async assertExists(id: number): Promise<void> {
    await this.find(id, this.dataSource.manager);
  }

  /**
   * Writes the version's settings and each locale's fields back (a locale it had no fields in loses
   * its own, showing en's), in one transaction, as a new version.
   */
  async restore(id: number, version: Version): Promise<Dropped> {
    const state = version.state as Omit<UpdateFormDto, 'fields'> & { locales: Partial<Record<Lang, { fields: FormFieldInputDto[] }>> };
    const { locales, ...settings } = state;
    const dropped = await writeLeavingOut({ ...settings } as UpdateFormDto, (body) =>
      this.dataSource.transaction(async (manager) => {
        await this.write(manager, id, body, DEFAULT_LANG);
        for (const lang of LANGS) {
          const fields = locales?.[lang]?.fields ?? [];
          this.assertFields(fields);
          await this.write(manager, id, { fields } as UpdateFormDto, lang);
        }
        await this.keepVersion(manager, id, 'restore', [...LANGS]);
      }),
    );
    this.revalidation.emit({ scope: 'all' });
    return dropped;
  }

  async remove(id: number): Promise<FormDto> {
    const removed = await this.dataSource.transaction(async (manager) => {
      await this.find(id, manager, true);
      await this.assertUnused(manager, id);
      const dto = await this.get(id, DEFAULT_LANG, manager);
      // Fields and messages go with the form (ON DELETE CASCADE).
      await manager.getRepository(Form).delete({ id });
      await this.versions.forget(manager, 'forms', id);
      return dto;
    });
    this.revalidation.emit({ scope: 'all' });
    return removed;
  }

  /** What the public site shows of an AVAILABLE form; 404 for others, as for a missing one. */
  async publicForm(id: number, locale: Lang, reader: Reader): Promise<PublicFormDto> {
    const { form, fields, fieldsLocale } = await this.definition(id, locale);
    if (form.status !== Status.AVAILABLE) throw new NotFoundException(`No form ${id}`);
    await this.assertShownTo(id, reader);
    return {
      id: form.id,
      title: form.title,
      successMessage: form.successMessage,
      errorMessage: form.errorMessage,
      locale: fieldsLocale,
      fields: fields.map((field) => {
        const { id: _id, ...rest } = toFieldDto(field);
        return rest;
      }),
      honeypot: FORM_HONEYPOT_FIELD,
    };
  }

  /**
   * A form shown only on guarded pages is for those who may open one of them (401 without a
   * token, 403 for another role, as the pages answer): its definition and its messages. A form
   * placed nowhere stays open: integrators post to it directly.
   */
  async assertShownTo(id: number, reader: Reader): Promise<void> {
    const [{ placements, readable }]: { placements: number; readable: boolean }[] = await this.dataSource.query(PLACEMENT_SQL, [
      id,
      reader.role,
      reader.superAdmin,
    ]);
    if (placements === 0 || readable) return;
    if (reader.role === null) throw new UnauthorizedException('This form is on pages for signed-in members: sign in first');
    throw new ForbiddenException('Your role may not read the pages that show this form');
  }

  /** The form and the fields of a locale (en's when the locale has none), in order; for submissions. */
  async definition(id: number, locale: Lang): Promise<FormDefinition> {
    const form = await this.dataSource
      .getRepository(Form)
      .createQueryBuilder('form')
      .leftJoinAndSelect('form.fields', 'field', 'field.lang IN (:...langs)', { langs: [locale, DEFAULT_LANG] })
      .where('form.id = :id', { id })
      .getOne();
    if (!form) throw new NotFoundException(`No form ${id}`);
    const rows = form.fields ?? [];
    delete form.fields;
    const { rows: fields, locale: fieldsLocale } = inLocale(rows, locale);
    return { form, fields: fields.sort(byPosition), fieldsLocale };
  }

  /** Every field name the form has in any locale: en's in order, then the others'; for exports. */
  async fieldNames(id: number): Promise<string[]> {
    await this.find(id);
    const rows = await this.dataSource.getRepository(FormField).find({ where: { formId: id } });
    rows.sort((a, b) => Number(b.lang === DEFAULT_LANG) - Number(a.lang === DEFAULT_LANG) || a.lang.localeCompare(b.lang) || byPosition(a, b));
    return [...new Set(rows.map((f) => f.name))];
  }

  private find(id: number, manager: EntityManager = this.dataSource.manager, lock = false): Promise<Form> {
    return findOr404(manager, Form, { id }, `No form ${id}`, lock);
  }

  private assertMailTarget(sendMail: boolean, sendTo: string | null): void {
    if (sendMail && !sendTo) {
      throw invalidInput({ sendTo: ['an e-mail address is required when sendMail is true'] });
    }
  }

  private assertFields(fields: FormFieldInputDto[]): void {
    const errors = checkFormFields(fields);
    if (Object.keys(errors).length) throw invalidInput(errors);
  }

  /** Makes the locale's fields exactly `inputs`: given ids are updated, others inserted, the rest deleted. */
  private async replaceFields(manager: EntityManager, formId: number, lang: Lang, inputs: FormFieldInputDto[]): Promise<void> {
    const repo = manager.getRepository(FormField);
    const existing = new Set((await repo.find({ where: { formId, lang }, select: { id: true } })).map((f) => f.id));
    const unknown = inputs.map((input, index) => ({ input, index })).filter(({ input }) => input.id !== undefined && !existing.has(input.id));
    if (unknown.length) {
      // Leave id out for a new field.
      throw invalidInput(
        Object.fromEntries(unknown.map(({ input, index }) => [`fields.${index}.id`, [`no field ${input.id} among the ${lang} fields of form ${formId}`]])),
      );
    }
    const kept = new Set(inputs.flatMap((input) => (input.id !== undefined ? [input.id] : [])));
    const gone = [...existing].filter((id) => !kept.has(id));
    if (gone.length) await repo.delete(gone);
    for (const input of inputs) {
      if (input.id !== undefined) await repo.update({ id: input.id }, fieldColumns(input));
    }
    const fresh = inputs.filter((input) => input.id === undefined).map((input) => ({ ...fieldColumns(input), formId, lang }));
    if (fresh.length) await repo.insert(fresh);
  }

  /** 409 naming the elements and sections that show the form. */
  private async assertUnused(manager: EntityManager, id: number): Promise<void> {
    const [elements, elementCount] = await manager
      .getRepository(Element)
      .findAndCount({ where: { formId: id }, select: { id: true, title: true }, order: { id: 'ASC' }, take: 10 });
    const [sections, sectionCount] = await manager.getRepository(Section).findAndCount({
      where: { formId: id },
      select: { id: true, type: true, lang: true, containerId: true, contentId: true },
      order: { id: 'ASC' },
      take: 10,
    });
    if (elementCount + sectionCount === 0) return;
    const elementNames = elements.map((e) => `element #${e.id} "${e.title}"`);
    const sectionNames = sections.map((s) => {
      const owner = s.contentId ? ` of content #${s.contentId}` : s.containerId ? ` of container #${s.containerId}` : ' of the layout';
      return `section #${s.id} (${s.type}, ${s.lang}${owner})`;
    });
    const more = elementCount + sectionCount - elements.length - sections.length;
    const where = [...elementNames, ...sectionNames].join(', ') + (more > 0 ? ` and ${more} more` : '');
    throw new ConflictException({
      message: `The form ${id} is used by ${where}: take it out of them before deleting it`,
      errors: { elements: elementNames, sections: sectionNames },
    });
  }
}
