import {
  forwardResultToast,
  isForwardable,
  ok,
  validateForwardTargets,
  type Conversation,
  type Message,
  type Result,
  type ValidationError,
} from '@teamim/domain';
import { sendTargetOf, type MessagesGateway } from '../ports/messages.port';
import type { Notifier } from '../ports/notifier.port';
import { attempt } from '../shared/remote-error';

export interface ForwardSummary {
  readonly succeeded: number;
  readonly failed: number;
}

/**
 * Forwards a message to many conversations (spec §4 Forward). Each target is tried; unsupported content
 * warns and counts as failed. The summary toast follows spec §8.
 */
export class ForwardMessages {
  constructor(
    private readonly gateway: MessagesGateway,
    private readonly notifier: Notifier,
  ) {}

  async execute(
    message: Message,
    targets: readonly Conversation[],
  ): Promise<Result<ForwardSummary, ValidationError>> {
    const valid = validateForwardTargets(targets.map((t) => t.conversationID));
    if (!valid.ok) {
      this.notifier.notify({ level: 'warning', key: valid.error.i18nKey });
      return valid;
    }
    let succeeded = 0;
    let failed = 0;
    let networkFailures = 0;
    for (const target of targets) {
      if (!isForwardable(message)) {
        this.notifier.notify({ level: 'warning', key: 'toast.unsupportedMessageType' });
        failed += 1;
        continue;
      }
      const result = await attempt(async () => {
        const copy = await this.gateway.createForward(message);
        return this.gateway.send(copy, sendTargetOf(target));
      });
      if (result.ok) {
        succeeded += 1;
      } else {
        failed += 1;
        // SDK-local network codes (10000 network, 10001 timeout) mean "check network or retry".
        if (result.error.code === 10000 || result.error.code === 10001) {
          networkFailures += 1;
        }
      }
    }
    const summary = { succeeded, failed };
    const toast = forwardResultToast(summary, failed > 0 && networkFailures === failed);
    this.notifier.notify({
      level: succeeded === 0 ? 'error' : failed > 0 ? 'warning' : 'success',
      key: toast.i18nKey,
      ...(toast.params === undefined ? {} : { params: toast.params }),
    });
    return ok(summary);
  }

  /** It holds nothing of its own beyond the session's ports, so there is nothing to end. */
  dispose(): void {
    // Stateless: the scope calls it like every other session service's.
  }
}
