import type { ContainerDto } from '@cms/contracts';
import { BooleanField, CreateButton, DataTable, DateField, List, ReferenceField, SearchInput, TopToolbar, useCreatePath, useGetOne } from 'react-admin';
import { useSearchParams } from 'react-router-dom';

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
      <CreateButton label="Create a content" to={containerId ? `${createPath}?container=${containerId}` : createPath} />
    </TopToolbar>
  );
};

export function ContentList() {
  const containerId = useContainerParam();
  const { data: container } = useGetOne<ContainerDto>('containers', { id: containerId }, { enabled: !!containerId });
  return (
    <List
      // A list per container: react-admin keeps its own filters and page apart.
      key={containerId ?? 'all'}
      storeKey={containerId ? `contents.container.${containerId}` : 'contents'}
      title={container ? `Contents of ${container.title}` : 'Contents'}
      filter={containerId ? { containerId } : undefined}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Search" />]}
      sort={{ field: 'updatedAt', order: 'DESC' }}
      perPage={25}
      actions={<ContentListActions containerId={containerId} />}
      empty={false}
    >
      <DataTable>
        <DataTable.Col source="title" label="Title" />
        <DataTable.Col source="containerId" label="Container">
          <ReferenceField source="containerId" reference="containers" link={false} />
        </DataTable.Col>
        <DataTable.Col source="published" label="Published">
          <BooleanField source="published" />
        </DataTable.Col>
        <DataTable.Col source="updatedAt" label="Updated">
          <DateField source="updatedAt" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}
