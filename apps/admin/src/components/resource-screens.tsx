import type { ReactElement } from 'react';
import { CreateButton, DeleteButton, type RaRecord, type RedirectionSideEffect, SaveButton, Toolbar, TopToolbar, useRecordContext, useTranslate } from 'react-admin';

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
