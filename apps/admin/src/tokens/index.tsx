import { API_TOKEN_NAME_MAX_LENGTH, type ApiTokenCreatedDto, type ApiTokenDto } from '@cms/contracts';
import Add from '@mui/icons-material/Add';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Key from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiButton from '@mui/material/Button';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  Button,
  DataTable,
  DateInput,
  DeleteWithConfirmButton,
  Form,
  List,
  maxLength,
  required,
  SaveButton,
  TextInput,
  TopToolbar,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ChoiceInput } from '../components/ChoiceInput';
import { LocaleDateField } from '../components/LocaleDateField';

/** The API's resource name and the screen's route (/admin/tokens). */
import { TOKENS_RESOURCE } from './resource-name';

export { TOKENS_RESOURCE };

/** The date input's day (yyyy-mm-dd, local) as the token's expiry: the end of that day. */
const endOfDay = (value: string) => {
  if (!value) return null;
  const day = new Date(`${value}T23:59:59.999`);
  return Number.isNaN(day.getTime()) ? null : day.toISOString();
};

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** Shows the new secret this once, with a copy button and the warning that it will not be shown again. */
function SecretStep({ token, onDone }: { token: ApiTokenCreatedDto; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.secret);
      notify('cms.tokens.copied', { type: 'success' });
    } catch {
      notify('cms.tokens.copy_failed', { type: 'warning' });
    }
  };
  return (
    <>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="token-secret-warning">
          {translate('cms.tokens.secret_warning')}
        </Alert>
        <MuiTextField
          label={translate('cms.tokens.secret', { name: token.name })}
          value={token.secret}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'token-secret', style: { fontFamily: 'monospace' } } }}
          onFocus={(event) => event.target.select()}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {translate('cms.tokens.secret_usage')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <MuiButton startIcon={<ContentCopy />} onClick={copy} data-testid="copy-token-secret">
          {translate('cms.tokens.copy')}
        </MuiButton>
        <MuiButton variant="contained" onClick={onDone} data-testid="token-secret-done">
          {translate('cms.tokens.done')}
        </MuiButton>
      </DialogActions>
    </>
  );
}

interface NewToken {
  name: string;
  roleId: string;
  expiresAt?: string | null;
}

/** "New token": a dialog that asks a name, a role and an optional expiry date, then shows the secret once. */
function NewTokenButton() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const notify = useNotify();
  // The data provider itself, not useCreate: the list must not refetch while the secret shows (in the
  // empty state, that would unmount this dialog), and the secret must stay out of the query cache.
  const dataProvider = useDataProvider();
  const [isPending, setPending] = useState(false);
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreatedDto | null>(null);

  const close = () => {
    if (isPending) return;
    setOpen(false);
    setCreated(null);
    refresh();
  };
  const submit = async (values: Record<string, unknown>) => {
    const data = values as unknown as NewToken;
    setPending(true);
    try {
      const { data: token } = await dataProvider.create(TOKENS_RESOURCE, {
        data: { name: data.name, roleId: data.roleId, ...(data.expiresAt ? { expiresAt: data.expiresAt } : {}) },
      });
      setCreated(token as unknown as ApiTokenCreatedDto);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button label="cms.tokens.create" onClick={() => setOpen(true)} data-testid="new-token">
        <Add />
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="new-token-title">
        <DialogTitle id="new-token-title">{translate(created ? 'cms.tokens.created_title' : 'cms.tokens.create_title')}</DialogTitle>
        {created ? (
          <SecretStep token={created} onDone={close} />
        ) : (
          <Form onSubmit={submit} defaultValues={{ name: '', roleId: '', expiresAt: null }}>
            <DialogContent>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {translate('cms.tokens.create_help')}
              </Typography>
              <TextInput source="name" label="cms.tokens.name" validate={[required(), maxLength(API_TOKEN_NAME_MAX_LENGTH)]} fullWidth autoFocus />
              <ChoiceInput source="roleId" choicesOf="roles" label="cms.tokens.role" validate={required()} fullWidth helperText="cms.tokens.role_help" />
              <DateInput
                source="expiresAt"
                label="cms.tokens.expires"
                helperText="cms.tokens.expires_help"
                parse={endOfDay}
                format={(value: string | null) => (value ? value.slice(0, 10) : '')}
                inputProps={{ min: today() }}
                fullWidth
              />
            </DialogContent>
            <DialogActions>
              <MuiButton onClick={close} disabled={isPending}>
                {translate('ra.action.cancel')}
              </MuiButton>
              <SaveButton label="cms.tokens.create_submit" icon={<Key />} alwaysEnable={!isPending} />
            </DialogActions>
          </Form>
        )}
      </Dialog>
    </>
  );
}

/** Revoke, after a confirmation that names the token and says it stops at once. */
function RevokeButton() {
  const record = useRecordContext<ApiTokenDto>();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      label="cms.tokens.revoke"
      confirmTitle="cms.tokens.revoke_title"
      confirmContent="cms.tokens.revoke_content"
      titleTranslateOptions={{ name: record.name }}
      contentTranslateOptions={{ name: record.name }}
      mutationMode="pessimistic"
      successMessage="cms.tokens.revoked"
      redirect={false}
    />
  );
}

function Empty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', m: 4 }} data-testid="tokens-empty">
      <Key sx={{ fontSize: 64, color: 'text.disabled' }} />
      <Typography variant="h6" component="p" gutterBottom>
        {translate('cms.tokens.empty')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('cms.tokens.description')}
      </Typography>
      <NewTokenButton />
    </Box>
  );
}

function TokenList() {
  return (
    <List
      title="cms.tokens.list_title"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      empty={<Empty />}
      actions={
        <TopToolbar>
          <NewTokenButton />
        </TopToolbar>
      }
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="name" label="cms.tokens.name" />
        <DataTable.Col source="role" label="cms.tokens.role" render={(token: ApiTokenDto) => token.role.name} />
        <DataTable.Col source="createdBy" label="cms.tokens.created_by" render={(token: ApiTokenDto) => token.createdBy.userName} />
        <DataTable.Col source="hint" label="cms.tokens.hint" disableSort render={(token: ApiTokenDto) => `${token.hint}…`} />
        <DataTable.Col source="createdAt" label="cms.tokens.created_at">
          <LocaleDateField source="createdAt" showTime />
        </DataTable.Col>
        <DataTable.Col source="lastUsedAt" label="cms.tokens.last_used">
          <LocaleDateField source="lastUsedAt" showTime emptyText="cms.tokens.never_used" />
        </DataTable.Col>
        <DataTable.Col source="expiresAt" label="cms.tokens.expires">
          <LocaleDateField source="expiresAt" emptyText="cms.tokens.never_expires" />
        </DataTable.Col>
        <DataTable.Col label="cms.tokens.actions" disableSort>
          <RevokeButton />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

export default {
  list: TokenList,
  icon: Key,
};
