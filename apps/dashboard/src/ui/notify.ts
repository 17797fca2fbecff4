import { notifications } from '@mantine/notifications';
import { errorMessage } from '../api/client';

/** The close button's name (axe: a button needs one). */
const closeButtonProps = { 'aria-label': 'Dismiss' };

export const notifyDone = (message: string) =>
  notifications.show({ message, color: 'teal', withBorder: true, closeButtonProps });

export const notifyError = (error: unknown) =>
  notifications.show({
    title: 'Not done',
    message: errorMessage(error),
    color: 'red',
    withBorder: true,
    closeButtonProps,
  });

/** A mutation's callbacks that say it was done (`message`) or why not. */
export const outcome = (message: string) => ({
  onSuccess: () => notifyDone(message),
  onError: notifyError,
});
