import type { BubbleBody, ChatViewModel } from '@teamim/application';
import { FileBody } from './FileBody';
import { PictureBody } from './PictureBody';
import { TextBody } from './TextBody';
// Calls
import { CallRecordBody } from './CallRecordBody';
import { MeetingCardBody, MeetingUpdateBody } from './MeetingBodies';
import { VideoBody } from './VideoBody';
// Red packets
import { RedPacketBody } from './RedPacketBody';
// Quotes and the unsupported-message placeholder
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
    // Calls
    case 'callRecord':
      return <CallRecordBody body={body} />;
    case 'meetingCard':
      return <MeetingCardBody body={body} conversationID={vm.conversationID} />;
    case 'meetingUpdate':
      return <MeetingUpdateBody body={body} />;
    // Media
    case 'picture':
      return <PictureBody body={body} vm={vm} />;
    case 'video':
      return <VideoBody body={body} />;
    case 'file':
      return <FileBody body={body} />;
    // Red packets
    case 'redPacket':
      return <RedPacketBody body={body} />;
    case 'quote':
      return <QuoteBody body={body} vm={vm} />;
    case 'unsupported':
      return <UnsupportedBody body={body} />;
  }
}
