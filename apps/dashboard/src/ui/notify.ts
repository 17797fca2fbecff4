import { notifications } from '@mantine/notifications';
import { errorMessage } from '../api/client';

export const notifyDone = (message: string) =>
  notifications.show({ message, color: 'teal', withBorder: true });

export const notifyError = (error: unknown) =>
  notifications.show({
    title: 'Not done',
    message: errorMessage(error),
    color: 'red',
    withBorder: true,
  });
