import { isLang, Lang } from '@cms/contracts';
import { useSearchParams } from 'react-router-dom';
import Stack from '@mui/material/Stack';
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
  useNotify,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { STATUS_CHOICES } from '../containers/ContainerInputs';
import { EditSessionProvider } from '../history/EditSession';
import { useSaveErrors } from '../history/use-save-errors';
import { LocaleDateField } from './LocaleDateField';
import { LocaleSwitcher } from './LocaleSwitcher';
import { HistoryButton } from '../history/HistoryDrawer';

/** A list screen's actions: its Create button (react-admin shows it only to those who may create). */
export function CreateListActions({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <TopToolbar>
      {children}
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
  saveLabel,
  children,
}: {
  confirm?: (record: R) => [key: string, args: Record<string, unknown>];
  redirect?: (record: R) => RedirectionSideEffect;
  /** A resource's own delete button, in place of the plain one. */
  deleteButton?: ReactElement;
  /** The Save button's words when they are not react-admin's "Save" (a content's "Save draft"). */
  saveLabel?: string;
  /** More buttons after Save (a content's Publish, Schedule...). */
  children?: ReactNode;
}) {
  const record = useRecordContext<R>();
  const translate = useTranslate();
  const title = record && confirm ? translate(...confirm(record)) : undefined;
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1 }}>
      {children ? (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }}>
          <SaveButton label={saveLabel} />
          {children}
        </Stack>
      ) : (
        <SaveButton label={saveLabel} />
      )}
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
 * above, the record read and saved in the chosen locale, the form drawn for it. A screen may add
 * actions above the form, a panel beside it (`aside`, for the locale shown) and its own words
 * once a save succeeded (`savedMessage`, a catalog key; react-admin's "updated" otherwise).
 * The screen has an edit session (history/EditSession.tsx): its History button, and a save met by
 * someone else's newer one opens the form's conflict dialog.
 */
export function LocaleEdit(props: LocaleEditProps) {
  // `?locale=tr` opens the edit screen in that locale (the Translations chips link so).
  const [params] = useSearchParams();
  const asked = params.get('locale');
  const [locale, setLocale] = useState<Lang>(isLang(asked) ? asked : Lang.en);
  return (
    <EditSessionProvider locale={locale}>
      <LocaleEditScreen {...props} locale={locale} setLocale={setLocale} />
    </EditSessionProvider>
  );
}

interface LocaleEditProps {
  title: ReactElement;
  children: (locale: Lang) => ReactNode;
  actions?: ReactElement | false;
  aside?: (locale: Lang) => ReactNode;
  savedMessage?: (record: RaRecord) => string | undefined;
}

function LocaleEditScreen({
  title,
  children,
  actions,
  aside,
  savedMessage,
  locale,
  setLocale,
}: LocaleEditProps & { locale: Lang; setLocale(locale: Lang): void }) {
  const notify = useNotify();
  // A save refused because someone else saved first opens the form's conflict dialog.
  const onError = useSaveErrors();
  const onSuccess = (record: RaRecord) => {
    const key = savedMessage?.(record);
    notify(key ?? 'ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } });
  };
  return (
    <>
      <LocaleSwitcher value={locale} onChange={setLocale} />
      <Edit
        title={title}
        actions={actions ?? <HistoryActions />}
        aside={aside?.(locale)}
        // A panel beside the form goes under it on narrow screens.
        sx={aside ? { '& .RaEdit-main': { flexWrap: { xs: 'wrap', lg: 'nowrap' } } } : undefined}
        mutationMode="pessimistic"
        redirect={false}
        queryOptions={{ meta: { locale } }}
        mutationOptions={savedMessage ? { meta: { locale }, onSuccess, onError } : { meta: { locale }, onError }}
      >
        {children(locale)}
      </Edit>
    </>
  );
}

/** The actions bar of an edit screen that has nothing else above its form: the History button. */
export function HistoryActions() {
  return (
    <TopToolbar>
      <HistoryButton />
    </TopToolbar>
  );
}
