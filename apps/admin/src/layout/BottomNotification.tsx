import { Notification, type NotificationProps } from 'react-admin';

/** Toasts sit at the bottom centre, 24% from the bottom of the viewport (spec section 2). */
export function BottomNotification(props: NotificationProps) {
  return <Notification {...props} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} sx={{ bottom: '24% !important' }} />;
}
