import type { ContainerDto } from '@cms/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import { useState } from 'react';
import { Button, Confirm, useDelete, useGetList, useNotify, useRecordContext, useRedirect } from 'react-admin';

/**
 * The API refuses to delete a container that still has contents unless asked to cascade: the
 * confirmation says how many contents go with it, and only then is `?cascade=true` sent.
 */
export function ContainerDeleteButton() {
  const record = useRecordContext<ContainerDto>();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const { total, isPending } = useGetList(
    'contents',
    { filter: { containerId: record?.id }, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } },
    { enabled: open && !!record },
  );
  const [remove, { isPending: deleting }] = useDelete();
  if (!record) return null;
  const count = total ?? 0;

  const confirm = () =>
    remove(
      'containers',
      { id: record.id, previousData: record, meta: { cascade: count > 0 } },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('resources.containers.notifications.deleted', { type: 'info', messageArgs: { smart_count: 1 } });
          redirect('list', 'containers');
        },
        onError: (error) => {
          setOpen(false);
          notify((error as Error)?.message || 'ra.notification.http_error', { type: 'error' });
        },
      },
    );

  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)} disabled={deleting}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending || deleting}
        title={count > 0 ? 'cms.containers.delete_with_contents_title' : 'cms.containers.delete_confirm'}
        titleTranslateOptions={{ title: record.title }}
        content={isPending ? 'cms.containers.delete_counting' : count > 0 ? 'cms.containers.delete_with_contents' : 'ra.message.are_you_sure'}
        contentTranslateOptions={{ title: record.title, smart_count: count }}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
