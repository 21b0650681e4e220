import { Notifier, type Toast } from '../ports/notifier.port';

export class RecordingNotifier extends Notifier {
  readonly toasts: Toast[] = [];
  notify(toast: Toast): void {
    this.toasts.push(toast);
  }
  keys(): string[] {
    return this.toasts.map((t) => t.key);
  }
}
