import type { FormValue, MessageDto } from '@cms/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Download from '@mui/icons-material/Download';
import Mail from '@mui/icons-material/Mail';
import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import MarkEmailUnread from '@mui/icons-material/MarkEmailUnread';
import { useState } from 'react';
import {
  Button,
  DataTable,
  DeleteButton,
  List,
  SearchInput,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useUpdate,
  NullableBooleanInput,
  useTranslate,
} from 'react-admin';
import { ChoiceInput } from '../components/ChoiceInput';
import { LocaleDateField } from '../components/LocaleDateField';
import { downloadMessagesCsv } from './export-csv';

function formatValue(value: FormValue): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** The submitted values, as plain text (React escapes them: a value is never read as HTML). */
function MessageValues() {
  const record = useRecordContext<MessageDto>();
  if (!record) return null;
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 1.5, rowGap: 0.25 }}>
      {Object.entries(record.value ?? {}).map(([name, value]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ fontWeight: 600, color: 'text.secondary' }}>
            {name}
          </Box>
          <Box component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid={`message-value-${name}`}>
            {formatValue(value)}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function ReadToggle() {
  const record = useRecordContext<MessageDto>();
  const notify = useNotify();
  const [update, { isPending }] = useUpdate<MessageDto>();
  if (!record) return null;
  const toggle = (event: React.MouseEvent) => {
    event.stopPropagation();
    void update(
      'messages',
      { id: record.id, data: { read: !record.read }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => notify(record.read ? 'cms.messages.marked_unread' : 'cms.messages.marked_read', { type: 'info' }),
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };
  return (
    <Button label={record.read ? 'cms.messages.mark_unread' : 'cms.messages.mark_read'} onClick={toggle} disabled={isPending}>
      {record.read ? <MarkEmailUnread /> : <MarkEmailRead />}
    </Button>
  );
}

function ReadChip() {
  const record = useRecordContext<MessageDto>();
  const translate = useTranslate();
  if (!record) return null;
  return record.read ? (
    <Chip size="small" label={translate('cms.messages.read')} variant="outlined" />
  ) : (
    <Chip size="small" label={translate('cms.messages.unread')} color="primary" icon={<Mail />} />
  );
}

function ExportButton() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const formId = filterValues?.formId;
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadMessagesCsv(formId);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="cms.messages.export" onClick={exportCsv} disabled={!formId || busy} title={formId ? undefined : translate('cms.messages.choose_form')}>
      <Download />
    </Button>
  );
}

function MessageList() {
  const translate = useTranslate();
  // The forms its messages came from: a reader of messages filters and exports without VIEW_FORM.
  const filters = [
    <ChoiceInput key="formId" source="formId" choicesOf="messageForms" alwaysOn label="cms.messages.form" emptyText="cms.messages.all_forms" />,
    <NullableBooleanInput
      key="read"
      source="read"
      label="cms.messages.read"
      alwaysOn
      nullLabel="cms.messages.all"
      trueLabel="cms.messages.read"
      falseLabel="cms.messages.unread"
    />,
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('cms.search.values')} />,
  ];
  return (
    <List
      title="cms.messages.list_title"
      filters={filters}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
      empty={false}
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="createdAt" label="cms.messages.received">
          <LocaleDateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="formTitle" label="cms.messages.form" disableSort />
        <DataTable.Col source="read" label="cms.fields.status">
          <ReadChip />
        </DataTable.Col>
        <DataTable.Col source="value" label="cms.messages.values" disableSort>
          <MessageValues />
        </DataTable.Col>
        <DataTable.Col label="cms.messages.actions" disableSort>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <ReadToggle />
            <DeleteButton mutationMode="pessimistic" confirmTitle="cms.messages.delete_confirm" redirect={false} />
          </Box>
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export default {
  list: MessageList,
  icon: Mail,
};
