import { isSortableField, type ContainerDto } from '@cms/contracts';
import { CreateButton, DataTable, List, ReferenceField, SearchInput, SelectInput, TopToolbar, useCreatePath, useGetOne, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PublishedColumn, UpdatedColumn } from '../components/resource-screens';
import { ContentStatusChip } from './ContentStatusChip';
import { ExportButtons, ImportButton } from './import/ImportExportButtons';
import { STATE_CHOICES } from './drafts';
import { TranslationsCell } from '../translations/TranslationChips';
import { TranslationFilterInput } from '../translations/TranslationFilterInput';
import { FieldFilterInput } from './FieldFilterInput';
import { ContentBulkActions } from './ContentBulkActions';

/** The field columns a container's list shows (each sorts the list by its value): its first few that have an order. */
const FIELD_COLUMNS = 3;

/** `?container={id}` of the address, as the top bar's Containers shortcuts write it. */
export function useContainerParam(): number | undefined {
  const [params] = useSearchParams();
  const value = Number(params.get('container'));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

const ContentListActions = ({ containerId }: { containerId?: number }) => {
  const createPath = useCreatePath()({ resource: 'contents', type: 'create' });
  return (
    <TopToolbar>
      <CreateButton label="cms.contents.create" to={containerId ? `${createPath}?container=${containerId}` : createPath} />
      <ImportButton containerId={containerId} />
      {containerId && <ExportButtons containerId={containerId} />}
    </TopToolbar>
  );
};

export function ContentList() {
  const containerId = useContainerParam();
  const { data: container } = useGetOne<ContainerDto>('containers', { id: containerId }, { enabled: !!containerId });
  const translate = useTranslate();
  // A containers list read elsewhere (the Translations screen's) leaves records without their
  // fields in react-admin's cache: until this container's own read arrives, it has none here.
  const fields = Array.isArray(container?.fields) ? container.fields : [];
  return (
    <List
      // A list per container: react-admin keeps its own filters and page apart.
      key={containerId ?? 'all'}
      storeKey={containerId ? `contents.container.${containerId}` : 'contents'}
      title={container ? translate('cms.contents.list_title_of', { title: container.title }) : 'cms.contents.list_title'}
      filter={containerId ? { containerId } : undefined}
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder={translate('cms.search.any')} />,
        <SelectInput key="state" source="state" label="cms.drafts.state_filter" choices={STATE_CHOICES} alwaysOn emptyText="cms.drafts.any_state" />,
        <TranslationFilterInput key="translation" source="translation" alwaysOn />,
        ...(fields.length ? [<FieldFilterInput key="fieldConditions" source="fieldConditions" fields={fields} alwaysOn />] : []),
      ]}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={25}
      actions={<ContentListActions containerId={containerId} />}
      empty={false}
    >
      <DataTable bulkActionButtons={<ContentBulkActions />}>
        <DataTable.Col source="title" label="cms.fields.title" />
        <DataTable.Col source="containerId" label="cms.fields.container">
          <ReferenceField source="containerId" reference="containers" link={false} />
        </DataTable.Col>
        {fields
          .filter(isSortableField)
          .slice(0, FIELD_COLUMNS)
          .map((field) => (
            <DataTable.Col key={field.name} source={`fields.${field.name}`} label={field.label} />
          ))}
        <PublishedColumn />
        <DataTable.Col source="state" label="cms.drafts.state_column" disableSort>
          <ContentStatusChip />
        </DataTable.Col>
        <DataTable.Col source="translations" label="cms.translations.column" disableSort>
          <TranslationsCell />
        </DataTable.Col>
        <UpdatedColumn />
      </DataTable>
    </List>
  );
}
