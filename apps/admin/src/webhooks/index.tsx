import { WEBHOOK_EVENTS, WEBHOOK_SECRET_MAX, WEBHOOK_SECRET_MIN, type WebhookShape } from '@cms/contracts';
import Key from '@mui/icons-material/Key';
import Webhook from '@mui/icons-material/Webhook';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormContext } from 'react-hook-form';
import {
  BooleanInput,
  Button,
  CheckboxGroupInput,
  Create,
  CreateButton,
  DataTable,
  Edit,
  FunctionField,
  List,
  maxLength,
  minLength,
  required,
  SimpleForm,
  TextInput,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { EditToolbar } from '../components/resource-screens';
import { UNSAVED_GUARD } from '../components/unsaved-guard';
import { DeliveryLog, eventLabel } from './DeliveryLog';
import { generateSecret } from './webhook-writes';

/** The API's resource name and the screen's route (/admin/webhooks). */
export { WEBHOOKS_RESOURCE } from './resource-name';

const EVENT_CHOICES = WEBHOOK_EVENTS.map((event) => ({ id: event, name: eventLabel(event) }));

function EventsField() {
  const record = useRecordContext<WebhookShape>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {record.events.map((event) => (
        <Chip key={event} size="small" variant="outlined" label={translate(eventLabel(event))} />
      ))}
    </Stack>
  );
}

function EnabledField() {
  const record = useRecordContext<WebhookShape>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.enabled ? 'success' : 'default'}
      variant={record.enabled ? 'filled' : 'outlined'}
      label={translate(record.enabled ? 'cms.webhooks.enabled' : 'cms.webhooks.disabled')}
    />
  );
}

function EmptyWebhooks() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, maxWidth: 560, mx: 'auto' }}>
      <Webhook sx={{ fontSize: 48, color: 'text.secondary' }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        {translate('cms.webhooks.empty_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {translate('cms.webhooks.empty_help')}
      </Typography>
      <CreateButton label="cms.webhooks.create" variant="contained" />
    </Box>
  );
}

function WebhookList() {
  return (
    <List
      title="cms.webhooks.list_title"
      sort={{ field: 'id', order: 'ASC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <CreateButton label="cms.webhooks.create" />
        </TopToolbar>
      }
      empty={<EmptyWebhooks />}
    >
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="url" label="cms.webhooks.url">
          <FunctionField<WebhookShape>
            render={(record) => (
              <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
                {record.url}
              </Typography>
            )}
          />
        </DataTable.Col>
        <DataTable.Col source="events" label="cms.webhooks.events" disableSort>
          <EventsField />
        </DataTable.Col>
        <DataTable.Col source="enabled" label="cms.webhooks.status">
          <EnabledField />
        </DataTable.Col>
        <DataTable.Col source="secretHint" label="cms.webhooks.secret" disableSort />
      </DataTable>
    </List>
  );
}

/** The secret input with its Generate button; on an edit, blank keeps the stored secret. */
function SecretInput({ editing }: { editing: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<WebhookShape>();
  const { setValue } = useFormContext();
  const rules = [minLength(WEBHOOK_SECRET_MIN), maxLength(WEBHOOK_SECRET_MAX)];
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' }, width: '100%' }}>
      <TextInput
        source="secret"
        label="cms.webhooks.secret"
        validate={editing ? rules : [required(), ...rules]}
        fullWidth
        autoComplete="off"
        placeholder={editing && record ? translate('cms.webhooks.secret_keep', { hint: record.secretHint }) : undefined}
        helperText={translate('cms.webhooks.secret_help')}
        // On an edit the placeholder says what a blank keeps: the label stays above it.
        slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'webhook-secret' }, inputLabel: editing ? { shrink: true } : undefined }}
        sx={{ fontFamily: 'monospace' }}
      />
      <Button
        label="cms.webhooks.generate"
        variant="outlined"
        onClick={() => setValue('secret', generateSecret(), { shouldDirty: true, shouldValidate: true })}
        sx={{ mt: { sm: 1 }, flexShrink: 0 }}
        data-testid="webhook-generate-secret"
      >
        <Key />
      </Button>
    </Stack>
  );
}

function WebhookInputs({ editing }: { editing: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="url" label="cms.webhooks.url" validate={required()} fullWidth type="url" helperText={translate('cms.webhooks.url_help')} />
      <CheckboxGroupInput
        source="events"
        label="cms.webhooks.events"
        choices={EVENT_CHOICES}
        validate={required()}
        helperText={translate('cms.webhooks.events_help')}
        sx={{ '& .MuiFormGroup-root': { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } }}
      />
      <SecretInput editing={editing} />
      <BooleanInput source="enabled" label="cms.webhooks.enabled" />
    </>
  );
}

function WebhookCreate() {
  return (
    <Create title="cms.webhooks.create" redirect="edit">
      <SimpleForm {...UNSAVED_GUARD} sx={{ maxWidth: 760 }} defaultValues={{ enabled: true, events: [], secret: generateSecret() }}>
        <WebhookInputs editing={false} />
      </SimpleForm>
    </Create>
  );
}

function WebhookTitle() {
  const record = useRecordContext<WebhookShape>();
  const translate = useTranslate();
  return <>{record ? translate('cms.webhooks.edit_title', { id: record.id }) : translate('cms.webhooks.list_title')}</>;
}

function DeliveriesOfRecord() {
  const record = useRecordContext<WebhookShape>();
  return record ? <DeliveryLog webhookId={record.id} /> : null;
}

const WebhookToolbar = () => <EditToolbar<WebhookShape> confirm={(record) => ['cms.webhooks.delete_confirm', { url: record.url }]} />;

function WebhookEdit() {
  return (
    <Edit title={<WebhookTitle />} mutationMode="pessimistic" redirect={false}>
      <SimpleForm {...UNSAVED_GUARD} sx={{ maxWidth: 760 }} toolbar={<WebhookToolbar />}>
        <WebhookInputs editing />
      </SimpleForm>
      <Box sx={{ px: 2, pb: 2 }}>
        <DeliveriesOfRecord />
      </Box>
    </Edit>
  );
}

export default {
  list: WebhookList,
  create: WebhookCreate,
  edit: WebhookEdit,
  icon: Webhook,
  recordRepresentation: 'url',
};
