// The NotificationSink over Electron's Notification class.
import { Notification } from 'electron';
import type { NotificationSink } from './task-notifier';

export function electronNotificationSink(icon?: string): NotificationSink {
  return {
    isSupported: () => Notification.isSupported(),
    show: (title, body) => new Notification({ title, body, icon, silent: false }).show(),
  };
}
