import { REDIRECT_IMPORT_MAX_BYTES, REDIRECT_IMPORT_MAX_ROWS, type RedirectDto, type RedirectImportResult } from '@cms/contracts';
import AltRoute from '@mui/icons-material/AltRoute';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import {
  Button,
  Create,
  CreateButton,
  DataTable,
  Edit,
  FunctionField,
  HttpError,
  List,
  required,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextInput,
  TopToolbar,
  useCanAccess,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { LocaleDateField, LocaleNumberField } from '../components/LocaleDateField';
import { EditToolbar } from '../components/resource-screens';
import { UNSAVED_GUARD } from '../components/unsaved-guard';
import { API_URL } from '../http/api-request';
import { httpClient } from '../http/http-client';

/** The API's resource name and the screen's route (/admin/redirects). */
export const REDIRECTS_RESOURCE = 'redirects';

const STATUS_CHOICES = [
  { id: 301, name: 'cms.redirects.status_301' },
  { id: 302, name: 'cms.redirects.status_302' },
];
const KIND_CHOICES = [
  { id: 'false', name: 'cms.redirects.manual' },
  { id: 'true', name: 'cms.redirects.automatic' },
];

/** `to`, with an "external" badge when it leaves the site. */
function TargetField() {
  const record = useRecordContext<RedirectDto>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
      <Typography variant="body2" component="span" sx={{ wordBreak: 'break-all' }}>
        {record.to}
      </Typography>
      {record.external && <Chip size="small" color="info" variant="outlined" label={translate('cms.redirects.external')} />}
    </Stack>
  );
}

function KindField() {
  const record = useRecordContext<RedirectDto>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      variant={record.auto ? 'filled' : 'outlined'}
      label={translate(record.auto ? 'cms.redirects.automatic' : 'cms.redirects.manual')}
      title={translate(record.auto ? 'cms.redirects.automatic_help' : 'cms.redirects.manual_help')}
    />
  );
}

/** What the import answered: how many were written, or the file's problems by line. */
type ImportOutcome = { kind: 'done'; result: RedirectImportResult } | { kind: 'refused'; message: string; lines: string[] };

/** POST /api/redirects/import with the file as multipart/form-data ("file"). */
async function importCsv(file: File): Promise<ImportOutcome> {
  const body = new FormData();
  body.append('file', file, file.name);
  try {
    const { json } = await httpClient(`${API_URL}/redirects/import`, { method: 'POST', body });
    return { kind: 'done', result: json as RedirectImportResult };
  } catch (error) {
    if (error instanceof HttpError && error.body && typeof error.body === 'object' && Array.isArray((error.body as { lines?: unknown }).lines)) {
      return { kind: 'refused', message: error.message, lines: (error.body as { lines: unknown[] }).lines.map(String) };
    }
    return { kind: 'refused', message: (error as Error).message, lines: [] };
  }
}

/** The "Import CSV" button and its dialog: choose a file, send it, see what was written or which lines are wrong. */
export function ImportButton() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const close = () => {
    if (busy) return;
    setOpen(false);
    setFile(null);
    setOutcome(null);
  };
  const send = async () => {
    if (!file) return;
    if (file.size > REDIRECT_IMPORT_MAX_BYTES) {
      setOutcome({ kind: 'refused', message: translate('cms.redirects.import_too_large', { max: REDIRECT_IMPORT_MAX_BYTES / 1024 / 1024 }), lines: [] });
      return;
    }
    setBusy(true);
    setOutcome(null);
    const answer = await importCsv(file);
    setBusy(false);
    setOutcome(answer);
    // The dialog says what was written; the list behind it shows the new rows.
    if (answer.kind === 'done') refresh();
  };

  return (
    <>
      <Button label="cms.redirects.import" onClick={() => setOpen(true)}>
        <UploadFile />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="redirects-import-title">
        <DialogTitle id="redirects-import-title">{translate('cms.redirects.import_title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('cms.redirects.import_help', { rows: REDIRECT_IMPORT_MAX_ROWS.toLocaleString(), max: REDIRECT_IMPORT_MAX_BYTES / 1024 / 1024 })}
          </Typography>
          <Box component="pre" sx={{ bgcolor: 'action.hover', p: 1, borderRadius: 1, fontSize: 13, m: 0, mb: 2 }}>
            {'from,to,status\n/old-contact,/contact,301\n/Old-Page.html,https://example.org/page,302'}
          </Box>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <MuiButton variant="outlined" onClick={() => input.current?.click()} disabled={busy}>
              {translate('cms.redirects.choose_file')}
            </MuiButton>
            <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ wordBreak: 'break-all' }}>
              {file ? file.name : translate('cms.redirects.no_file')}
            </Typography>
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label={translate('cms.redirects.choose_file')}
              data-testid="redirects-import-file"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setOutcome(null);
                event.target.value = '';
              }}
            />
          </Stack>
          {busy && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="body2">{translate('cms.redirects.importing')}</Typography>
              <LinearProgress />
            </Box>
          )}
          {outcome?.kind === 'done' && (
            <Alert severity="success" sx={{ mt: 2 }} role="status">
              {translate('cms.redirects.imported', { ...outcome.result })}
            </Alert>
          )}
          {outcome?.kind === 'refused' && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {translate(outcome.lines.length > 0 ? 'cms.redirects.import_refused' : 'cms.redirects.import_failed', { smart_count: outcome.lines.length })}
              </Typography>
              {outcome.lines.length > 0 ? (
                <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, maxHeight: 240, overflow: 'auto' }} data-testid="redirects-import-errors">
                  {outcome.lines.map((line) => (
                    <li key={line}>
                      <Typography variant="body2">{line}</Typography>
                    </li>
                  ))}
                </Box>
              ) : (
                <Typography variant="body2">{outcome.message}</Typography>
              )}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={close} disabled={busy}>
            {translate(outcome?.kind === 'done' ? 'cms.redirects.close' : 'ra.action.cancel')}
          </MuiButton>
          <MuiButton variant="contained" onClick={() => void send()} disabled={!file || busy || outcome?.kind === 'done'}>
            {translate('cms.redirects.upload')}
          </MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

function ListActions() {
  const { canAccess: canWrite } = useCanAccess({ resource: REDIRECTS_RESOURCE, action: 'create' });
  return (
    <TopToolbar>
      {canWrite && <ImportButton />}
      <CreateButton label="cms.redirects.create" />
    </TopToolbar>
  );
}

/** No redirect yet: what they are for, and how to add some. */
function EmptyRedirects() {
  const translate = useTranslate();
  const { canAccess: canWrite } = useCanAccess({ resource: REDIRECTS_RESOURCE, action: 'create' });
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, maxWidth: 560, mx: 'auto' }}>
      <AltRoute sx={{ fontSize: 48, color: 'text.secondary' }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        {translate('cms.redirects.empty_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {translate('cms.redirects.empty_help')}
      </Typography>
      {canWrite && (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'center' }}>
          <CreateButton label="cms.redirects.create" variant="contained" />
          <ImportButton />
        </Stack>
      )}
    </Box>
  );
}

function RedirectList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('cms.redirects.search')} />,
    <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn label="cms.redirects.status" emptyText="cms.redirects.all_statuses" />,
    <SelectInput key="auto" source="auto" choices={KIND_CHOICES} alwaysOn label="cms.redirects.kind" emptyText="cms.redirects.all_kinds" />,
  ];
  return (
    <List
      title="cms.redirects.list_title"
      filters={filters}
      sort={{ field: 'from', order: 'ASC' }}
      perPage={25}
      actions={<ListActions />}
      empty={<EmptyRedirects />}
    >
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="from" label="cms.redirects.from" />
        <DataTable.Col source="to" label="cms.redirects.to">
          <TargetField />
        </DataTable.Col>
        <DataTable.Col source="status" label="cms.redirects.status" />
        <DataTable.Col source="auto" label="cms.redirects.kind">
          <KindField />
        </DataTable.Col>
        <DataTable.Col source="hits" label="cms.redirects.hits">
          <LocaleNumberField source="hits" />
        </DataTable.Col>
        <DataTable.Col source="lastUsedAt" label="cms.redirects.last_used">
          <FunctionField<RedirectDto>
            render={(record) => (record.lastUsedAt ? <LocaleDateField source="lastUsedAt" showTime /> : translate('cms.redirects.never'))}
          />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** The inputs of a redirect; the API checks them and its messages show under each. */
function RedirectInputs() {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="from" label="cms.redirects.from" validate={required()} fullWidth helperText={translate('cms.redirects.from_help')} />
      <TextInput source="to" label="cms.redirects.to" validate={required()} fullWidth helperText={translate('cms.redirects.to_help')} />
      <SelectInput source="status" label="cms.redirects.status" choices={STATUS_CHOICES} validate={required()} />
    </>
  );
}

function RedirectCreate() {
  return (
    <Create title="cms.redirects.create" redirect="list">
      <SimpleForm {...UNSAVED_GUARD} sx={{ maxWidth: 720 }} defaultValues={{ status: 301 }}>
        <RedirectInputs />
      </SimpleForm>
    </Create>
  );
}

function RedirectTitle() {
  const record = useRecordContext<RedirectDto>();
  const translate = useTranslate();
  return <>{record ? translate('cms.redirects.edit_title', { from: record.from }) : translate('cms.redirects.list_title')}</>;
}

const RedirectToolbar = () => <EditToolbar<RedirectDto> confirm={(record) => ['cms.redirects.delete_confirm', { from: record.from }]} />;

function RedirectEdit() {
  return (
    <Edit title={<RedirectTitle />} mutationMode="pessimistic" redirect="list">
      <SimpleForm {...UNSAVED_GUARD} sx={{ maxWidth: 720 }} toolbar={<RedirectToolbar />}>
        <RedirectInputs />
      </SimpleForm>
    </Edit>
  );
}

export default {
  list: RedirectList,
  create: RedirectCreate,
  edit: RedirectEdit,
  icon: AltRoute,
  recordRepresentation: 'from',
};
