import { useState } from 'react';
import { Confirm, SimpleForm, type SimpleFormProps, useRecordContext, useSaveContext } from 'react-admin';
import type { Payload } from '../http/resource-writes';
import { toAccesses } from './page-parts-payload';
import { UNSAVED_GUARD } from '../components/unsaved-guard';

/**
 * A container's or content's edit form. Saving that takes the page's last access away (it turns
 * public, or a content follows its container) asks first, by the Save button or the Enter key
 * alike; only then is `clearAccesses` sent, which the API requires for it. Leaving it with
 * unsaved changes asks first.
 */
export function PageEditForm(props: SimpleFormProps) {
  const record = useRecordContext<Payload>();
  const { save } = useSaveContext();
  const [pending, setPending] = useState<Payload | null>(null);
  const onSubmit = (values: Payload) => {
    if (toAccesses(record?.accesses).length > 0 && toAccesses(values.accesses).length === 0) {
      setPending(values);
      return undefined;
    }
    return save?.(values);
  };
  const confirm = () => {
    const values = pending;
    setPending(null);
    if (values) save?.({ ...values, clearAccesses: true });
  };
  return (
    <>
      <SimpleForm {...UNSAVED_GUARD} {...props} onSubmit={onSubmit} />
      <Confirm
        isOpen={pending !== null}
        title="cms.blocks.access_clear_title"
        content="cms.blocks.access_clear_content"
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </>
  );
}
