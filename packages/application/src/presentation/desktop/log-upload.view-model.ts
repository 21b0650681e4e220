import { StateViewModel } from '../view-model';
import type { DesktopLogs, LogUploader } from '../../ports/desktop.port';
import type { Notifier } from '../../ports/notifier.port';

/** Spec §5 About: "upload logs (10000 lines, or a user-chosen line count, default 100)". */
export const ALL_LOG_LINES = 10_000;
export const DEFAULT_LOG_LINES = 100;

export type LogUploadPhase = 'idle' | 'collecting' | 'uploading' | 'succeeded' | 'failed';

export interface LogUploadState {
  /** The line count field, as typed. */
  readonly lineInput: string;
  /** Whether the typed count is a whole number from 1 to 10,000. */
  readonly lineInputValid: boolean;
  readonly phase: LogUploadPhase;
  /** 0-100 while uploading; 100 once done. */
  readonly percent: number;
  readonly url: string | undefined;
}

function parseLines(input: string): number | undefined {
  if (!/^\s*\d+\s*$/.test(input)) return undefined;
  const lines = Number(input);
  return lines >= 1 && lines <= ALL_LOG_LINES ? lines : undefined;
}

/** About's log upload: collect the tail of the shell's logs, upload it with progress, toast the outcome. */
export class LogUploadViewModel extends StateViewModel<LogUploadState> {
  constructor(
    private readonly logs: DesktopLogs,
    private readonly uploader: LogUploader,
    private readonly notifier: Notifier,
    private readonly now: () => Date = () => new Date(),
  ) {
    super({
      lineInput: String(DEFAULT_LOG_LINES),
      lineInputValid: true,
      phase: 'idle',
      percent: 0,
      url: undefined,
    });
  }

  get busy(): boolean {
    return this.state.phase === 'collecting' || this.state.phase === 'uploading';
  }

  setLineInput(lineInput: string): void {
    this.patch({ lineInput, lineInputValid: parseLines(lineInput) !== undefined });
  }

  /** The "10000 lines" button. */
  uploadAll(): Promise<boolean> {
    return this.upload(ALL_LOG_LINES);
  }

  /** The "upload N lines" button with the typed count. */
  uploadChosen(): Promise<boolean> {
    const lines = parseLines(this.state.lineInput);
    return lines === undefined ? Promise.resolve(false) : this.upload(lines);
  }

  private async upload(lines: number): Promise<boolean> {
    if (this.busy) return false;
    this.patch({ phase: 'collecting', percent: 0, url: undefined });
    try {
      const tail = await this.logs.tail(lines);
      const stamp = this.now().toISOString().replace(/[:.]/g, '-');
      this.patch({ phase: 'uploading' });
      const log = { name: `teamim-log-${stamp}.txt`, text: tail.text };
      const url = await this.uploader.upload(log, (fraction) => {
        const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
        // Progress only moves forward; a late callback cannot pull the bar back.
        if (this.state.phase === 'uploading' && percent > this.state.percent) this.patch({ percent });
      });
      this.patch({ phase: 'succeeded', percent: 100, url });
      this.notifier.notify({ level: 'success', key: 'toast.uploadSuccess' });
      return true;
    } catch {
      this.patch({ phase: 'failed' });
      this.notifier.notify({ level: 'error', key: 'toast.uploadFailed' });
      return false;
    }
  }
}
