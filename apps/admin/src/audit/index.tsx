import { AUDIT_ACTIONS, AUDIT_RESOURCES, type AuditEntryDto } from '@cms/contracts';
import Download from '@mui/icons-material/Download';
import ManageSearch from '@mui/icons-material/ManageSearch';
import { useState } from 'react';
import { Button, DataTable, DateInput, FunctionField, List, SearchInput, SelectInput, TopToolbar, useListContext, useNotify, useTranslate } from 'react-admin';
import { ChoiceInput } from '../components/ChoiceInput';
import { LocaleDateField } from '../components/LocaleDateField';
import { downloadFile } from '../http/download-file';

/** The API's resource name, which is the audit log's own (registered as `<Resource name="audit">`). */
export const AUDIT_RESOURCE = 'audit';

const catalogKey = (value: string) => value.replaceAll('-', '_');
const ACTION_CHOICES = AUDIT_ACTIONS.map((action) => ({ id: action, name: `cms.audit.actions.${catalogKey(action)}` }));
const RESOURCE_CHOICES = AUDIT_RESOURCES.map((resource) => ({ id: resource, name: `cms.audit.resources.${catalogKey(resource)}` }));

/** A date input's day (yyyy-mm-dd, local) as the API's bound: from the day's first instant, or to its last. */
const dayBound = (end: boolean) => (value: string) => {
  if (!value) return undefined;
  const day = new Date(`${value}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(day.getTime()) ? undefined : day.toISOString();
};

/** GET /api/audit/export with the list's current filters, saved as a file. */
function ExportButton() {
  const { filterValues } = useListContext();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const exportCsv = async () => {
    setBusy(true);
    try {
      await downloadFile(`audit/export?filter=${encodeURIComponent(JSON.stringify(filterValues ?? {}))}`, 'text/csv', 'audit.csv');
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="cms.audit.export" onClick={exportCsv} disabled={busy}>
      <Download />
    </Button>
  );
}

/** A known action or resource in the interface language; one the screen does not know yet, as the API wrote it. */
function Known({ group, value }: { group: 'actions' | 'resources'; value: string }) {
  const translate = useTranslate();
  return <>{translate(`cms.audit.${group}.${catalogKey(value)}`, { _: value })}</>;
}

function AuditList() {
  const translate = useTranslate();
  const filters = [
    <ChoiceInput key="userId" source="userId" choicesOf="auditUsers" alwaysOn label="cms.audit.user" emptyText="cms.audit.all_users" />,
    <SelectInput key="action" source="action" choices={ACTION_CHOICES} alwaysOn label="cms.audit.action" emptyText="cms.audit.all_actions" />,
    <SelectInput key="resource" source="resource" choices={RESOURCE_CHOICES} alwaysOn label="cms.audit.resource" emptyText="cms.audit.all_resources" />,
    <DateInput key="from" source="from" alwaysOn label="cms.audit.from" parse={dayBound(false)} />,
    <DateInput key="to" source="to" alwaysOn label="cms.audit.to" parse={dayBound(true)} />,
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('cms.audit.search')} />,
  ];
  return (
    <List
      title="cms.audit.list_title"
      filters={filters}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={25}
      actions={
        <TopToolbar>
          <ExportButton />
        </TopToolbar>
      }
      empty={false}
    >
      <DataTable rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="at" label="cms.audit.at">
          <LocaleDateField source="at" showTime />
        </DataTable.Col>
        <DataTable.Col source="userName" label="cms.audit.user">
          <FunctionField<AuditEntryDto> render={(entry) => entry.userName || translate('cms.audit.nobody')} />
        </DataTable.Col>
        <DataTable.Col source="address" label="cms.audit.address" disableSort />
        <DataTable.Col source="action" label="cms.audit.action">
          <FunctionField<AuditEntryDto> render={(entry) => <Known group="actions" value={entry.action} />} />
        </DataTable.Col>
        <DataTable.Col source="resource" label="cms.audit.resource">
          <FunctionField<AuditEntryDto> render={(entry) => <Known group="resources" value={entry.resource} />} />
        </DataTable.Col>
        <DataTable.Col source="resourceId" label="cms.audit.resource_id" disableSort />
        <DataTable.Col source="summary" label="cms.audit.summary" disableSort />
      </DataTable>
    </List>
  );
}

export default {
  list: AuditList,
  icon: ManageSearch,
};
