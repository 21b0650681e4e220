import type { BubbleBody, ChatViewModel } from '@teamim/application';
import { FileBody } from './FileBody';
import { PictureBody } from './PictureBody';
import { TextBody } from './TextBody';
// calls (issue 17)
import { CallRecordBody } from './CallRecordBody';
import { VideoBody } from './VideoBody';
// 16: red packets
import { RedPacketBody } from './RedPacketBody';
// 14q: quotes and the unsupported-message placeholder
import { QuoteBody } from './QuoteBody';
import { UnsupportedBody } from './UnsupportedBody';

/**
 * The body of a bubble: one component per kind of body (application `presentation/chat/bubble-body.ts`).
 * Areas add their kinds here, one case each, with the component in a file of its own in this folder.
 */
export function MessageBody({ body, vm }: { readonly body: BubbleBody; readonly vm: ChatViewModel }) {
  switch (body.kind) {
    case 'text':
      return <TextBody body={body} vm={vm} />;
    // calls (issue 17)
    case 'callRecord':
      return <CallRecordBody body={body} />;
    // 14m: media
    case 'picture':
      return <PictureBody body={body} vm={vm} />;
    case 'video':
      return <VideoBody body={body} />;
    case 'file':
      return <FileBody body={body} />;
    // 16: red packets
    case 'redPacket':
      return <RedPacketBody body={body} />;
    // 14q
    case 'quote':
      return <QuoteBody body={body} vm={vm} />;
    case 'unsupported':
      return <UnsupportedBody body={body} />;
  }
}
