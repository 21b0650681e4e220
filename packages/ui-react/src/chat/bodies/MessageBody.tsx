import type { BubbleBody, ChatViewModel } from '@teamim/application';
import { TextBody } from './TextBody';
// 16: red packets
import { RedPacketBody } from './RedPacketBody';

/**
 * The body of a bubble: one component per kind of body (application `presentation/chat/bubble-body.ts`).
 * Areas add their kinds here, one case each, with the component in a file of its own in this folder.
 */
export function MessageBody({ body, vm }: { readonly body: BubbleBody; readonly vm: ChatViewModel }) {
  switch (body.kind) {
    case 'text':
      return <TextBody body={body} vm={vm} />;
    // 16: red packets
    case 'redPacket':
      return <RedPacketBody body={body} />;
  }
}
