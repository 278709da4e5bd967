import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A dialog to pick one thing from (a media, a block): its title, what to pick from, and Cancel, which closes it. */
export function PickerDialog({
  titleId,
  title,
  maxWidth,
  onClose,
  children,
}: {
  titleId: string;
  title: string;
  maxWidth: DialogProps['maxWidth'];
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} maxWidth={maxWidth} fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
