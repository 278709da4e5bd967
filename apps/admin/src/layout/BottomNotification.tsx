import SnackbarContent, { type SnackbarContentProps } from '@mui/material/SnackbarContent';
import { forwardRef } from 'react';
import { Notification, NotificationClasses, type NotificationProps } from 'react-admin';

/**
 * A notification's box, announced by screen readers: an error interrupts (`alert`), anything else
 * waits for a pause (`status`, polite). react-admin marks the kind of message by a class only.
 */
const AnnouncedContent = forwardRef<HTMLDivElement, SnackbarContentProps>(function AnnouncedContent(props, ref) {
  const error = String(props.className ?? '').includes(NotificationClasses.error);
  return <SnackbarContent ref={ref} {...props} role={error ? 'alert' : 'status'} aria-live={error ? 'assertive' : 'polite'} />;
});

/** Toasts sit at the bottom centre, 24% from the bottom of the viewport (spec section 2), announced as above. */
export function BottomNotification(props: NotificationProps) {
  return (
    <Notification
      {...props}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={{ bottom: '24% !important' }}
      slots={{ content: AnnouncedContent }}
    />
  );
}
