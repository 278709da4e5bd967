import { Lang } from '@cms/contracts';
import { useState, type ReactElement, type ReactNode } from 'react';
import {
  BooleanField,
  CreateButton,
  DataTable,
  DeleteButton,
  Edit,
  type RaRecord,
  type RedirectionSideEffect,
  SaveButton,
  SelectField,
  Toolbar,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { STATUS_CHOICES } from '../containers/ContainerInputs';
import { LocaleDateField } from './LocaleDateField';
import { LocaleSwitcher } from './LocaleSwitcher';

/** A list screen's actions: its Create button (react-admin shows it only to those who may create). */
export function CreateListActions({ label }: { label: string }) {
  return (
    <TopToolbar>
      <CreateButton label={label} />
    </TopToolbar>
  );
}

/**
 * Every edit screen's toolbar: Save on the left, Delete on the right, which asks first, naming the
 * record (`confirm` gives the catalog key and its arguments), and waits for the API's answer.
 */
export function EditToolbar<R extends RaRecord>({
  confirm,
  redirect,
  deleteButton,
}: {
  confirm?: (record: R) => [key: string, args: Record<string, unknown>];
  redirect?: (record: R) => RedirectionSideEffect;
  /** A resource's own delete button, in place of the plain one. */
  deleteButton?: ReactElement;
}) {
  const record = useRecordContext<R>();
  const translate = useTranslate();
  const title = record && confirm ? translate(...confirm(record)) : undefined;
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {deleteButton ?? <DeleteButton mutationMode="pessimistic" redirect={record && redirect ? redirect(record) : undefined} confirmTitle={title} />}
    </Toolbar>
  );
}

/** The columns several lists share, spelled once: when a record last changed, whether it is published, its status. */
export const UpdatedColumn = () => (
  <DataTable.Col source="updatedAt" label="cms.fields.updated">
    <LocaleDateField source="updatedAt" showTime />
  </DataTable.Col>
);

export const PublishedColumn = () => (
  <DataTable.Col source="published" label="cms.fields.published">
    <BooleanField source="published" />
  </DataTable.Col>
);

export const StatusColumn = () => (
  <DataTable.Col source="status" label="cms.fields.status">
    <SelectField source="status" choices={STATUS_CHOICES} />
  </DataTable.Col>
);

/**
 * The edit screen of a record kept per locale (containers, contents, forms): the locale switcher
 * above, the record read and saved in the chosen locale, the form drawn for it.
 */
export function LocaleEdit({ title, children }: { title: ReactElement; children: (locale: Lang) => ReactNode }) {
  const [locale, setLocale] = useState<Lang>(Lang.en);
  return (
    <>
      <LocaleSwitcher value={locale} onChange={setLocale} />
      <Edit title={title} mutationMode="pessimistic" redirect={false} queryOptions={{ meta: { locale } }} mutationOptions={{ meta: { locale } }}>
        {children(locale)}
      </Edit>
    </>
  );
}
