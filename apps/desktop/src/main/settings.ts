import { join } from 'node:path';
import { z } from 'zod';
import {
  closeActionSchema,
  languageSchema,
  type CloseAction,
  type DesktopLanguage,
} from '../shared/ipc-contract';
import type { FileSystemLike } from './shell-ports';

const fileSchema = z.object({
  closeAction: closeActionSchema.catch('miniSize'),
  language: languageSchema.nullable().catch(null),
});
type SettingsFile = z.infer<typeof fileSchema>;

/** Spec §9: the close button minimizes to the tray unless the user chose quit. */
const DEFAULT_CLOSE_ACTION: CloseAction = 'miniSize';

/**
 * The desktop app's own settings, in `settings.json` in the user data directory. A missing, unreadable
 * or tampered file falls back field by field to the defaults instead of stopping the app.
 */
export class DesktopSettings {
  private readonly path: string;
  private current: SettingsFile;

  constructor(
    private readonly fs: FileSystemLike,
    userDataDir: string,
  ) {
    this.path = join(userDataDir, 'settings.json');
    this.current = DesktopSettings.parse(fs.readText(this.path));
  }

  private static parse(text: string | undefined): SettingsFile {
    const fallback: SettingsFile = { closeAction: DEFAULT_CLOSE_ACTION, language: null };
    if (text === undefined) return fallback;
    try {
      const parsed = fileSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : fallback;
    } catch {
      return fallback;
    }
  }

  get closeAction(): CloseAction {
    return this.current.closeAction;
  }

  set closeAction(action: CloseAction) {
    this.save({ ...this.current, closeAction: closeActionSchema.parse(action) });
  }

  get language(): DesktopLanguage | null {
    return this.current.language;
  }

  set language(language: DesktopLanguage) {
    this.save({ ...this.current, language: languageSchema.parse(language) });
  }

  private save(next: SettingsFile): void {
    this.fs.writeText(this.path, `${JSON.stringify(next, null, 2)}\n`);
    this.current = next;
  }
}
