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
  DateField,
  DeleteButton,
  List,
  SearchInput,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useUpdate,
  NullableBooleanInput,
} from 'react-admin';
import { ChoiceInput } from '../components/ChoiceInput';
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
        onSuccess: () => notify(record.read ? 'Marked unread' : 'Marked read', { type: 'info' }),
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  };
  return (
    <Button label={record.read ? 'Mark unread' : 'Mark read'} onClick={toggle} disabled={isPending}>
      {record.read ? <MarkEmailUnread /> : <MarkEmailRead />}
    </Button>
  );
}

function ReadChip() {
  const record = useRecordContext<MessageDto>();
  if (!record) return null;
  return record.read ? <Chip size="small" label="Read" variant="outlined" /> : <Chip size="small" label="Unread" color="primary" icon={<Mail />} />;
}

function ExportButton() {
  const { filterValues } = useListContext();
  const notify = useNotify();
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
    <Button label="Export CSV" onClick={exportCsv} disabled={!formId || busy} title={formId ? undefined : 'Choose a form first'}>
      <Download />
    </Button>
  );
}

export function MessageList() {
  // The forms its messages came from: a reader of messages filters and exports without VIEW_FORM.
  const filters = [
    <ChoiceInput key="formId" source="formId" choicesOf="messageForms" alwaysOn label="Form" emptyText="All forms" />,
    <NullableBooleanInput key="read" source="read" label="Read" alwaysOn nullLabel="All" trueLabel="Read" falseLabel="Unread" />,
    <SearchInput key="q" source="q" alwaysOn placeholder="Search the values" />,
  ];
  return (
    <List
      title="Messages"
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
        <DataTable.Col source="createdAt" label="Received">
          <DateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="formTitle" label="Form" disableSort />
        <DataTable.Col source="read" label="Status">
          <ReadChip />
        </DataTable.Col>
        <DataTable.Col source="value" label="Values" disableSort>
          <MessageValues />
        </DataTable.Col>
        <DataTable.Col label="Actions" disableSort>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <ReadToggle />
            <DeleteButton mutationMode="pessimistic" confirmTitle="Delete this message?" redirect={false} />
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
