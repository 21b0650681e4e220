import type { MessageDraft } from '../ports/messages.port';
import { ContentType, parseCustomData, type Message, type PictureInfo } from '@teamim/domain';

/** A created message (SDK create*Message): `base` holds all but the content, which the draft gives. */
export function createdMessage(base: Omit<Message, 'contentType'>, draft: MessageDraft): Message {
  switch (draft.kind) {
    case 'text':
      return { ...base, contentType: ContentType.Text, textElem: { content: draft.text } };
    case 'atText':
      return {
        ...base,
        contentType: ContentType.AtText,
        atTextElem: {
          text: draft.text,
          atUserList: [...draft.atUserIDList],
          ...(draft.atUsersInfo === undefined ? {} : { atUsersInfo: [...draft.atUsersInfo] }),
        },
      };
    case 'custom':
      return {
        ...base,
        contentType: ContentType.Custom,
        // The SDK adapter reads the payload where it maps a message; so does the fake.
        customElem: {
          data: draft.data,
          extension: '',
          description: draft.description,
          payload: parseCustomData(draft.data),
        },
      };
    // As the SDK, media have no URL until sent (the upload happens while sending); this
    // device keeps a preview of the picked file meanwhile.
    case 'picture': {
      const picture: PictureInfo = {
        uuid: base.clientMsgID,
        type: draft.file.mimeType,
        size: draft.file.size,
        width: draft.width,
        height: draft.height,
        url: '',
      };
      return {
        ...base,
        contentType: ContentType.Picture,
        pictureElem: { sourcePicture: picture, bigPicture: picture, snapshotPicture: picture },
        localPreviewURL: `blob:fake/${base.clientMsgID}`,
      };
    }
    case 'video':
      return {
        ...base,
        contentType: ContentType.Video,
        videoElem: {
          videoUUID: base.clientMsgID,
          videoUrl: '',
          videoType: draft.file.mimeType,
          videoSize: draft.file.size,
          duration: draft.duration,
          snapshotUUID: `${base.clientMsgID}-poster`,
          snapshotSize: draft.snapshot.size,
          snapshotUrl: '',
          snapshotWidth: draft.width,
          snapshotHeight: draft.height,
        },
        localPreviewURL: `blob:fake/${base.clientMsgID}`,
      };
    case 'file':
      return {
        ...base,
        contentType: ContentType.File,
        fileElem: {
          uuid: base.clientMsgID,
          sourceUrl: '',
          fileName: draft.file.name,
          fileSize: draft.file.size,
        },
      };
    // As the SDK's createQuoteMessage, the quoted message travels inside the reply.
    case 'quote':
      return {
        ...base,
        contentType: ContentType.Quote,
        quoteElem: { text: draft.text, quoteMessage: draft.quoted },
      };
  }
}

// The text a local search reads: text, at-text and a quote's reply, as the adapter reads them.
export function searchableText(m: Message): string {
  return m.textElem?.content ?? m.atTextElem?.text ?? m.quoteElem?.text ?? '';
}

/** The stored copy of a media message: the fake object storage gives every file a URL. */
export function uploadedCopy(message: Message): Message {
  const base = `https://files.fake/${message.clientMsgID}`;
  if (message.pictureElem !== undefined) {
    const withURL = (info: PictureInfo): PictureInfo =>
      info.url === '' ? { ...info, url: `${base}/picture` } : info;
    const p = message.pictureElem;
    return {
      ...message,
      pictureElem: {
        ...p,
        sourcePicture: withURL(p.sourcePicture),
        bigPicture: withURL(p.bigPicture),
        snapshotPicture: withURL(p.snapshotPicture),
      },
    };
  }
  if (message.videoElem !== undefined && message.videoElem.videoUrl === '') {
    return {
      ...message,
      videoElem: { ...message.videoElem, videoUrl: `${base}/video`, snapshotUrl: `${base}/poster` },
    };
  }
  if (message.fileElem !== undefined && message.fileElem.sourceUrl === '') {
    const name = encodeURIComponent(message.fileElem.fileName);
    return { ...message, fileElem: { ...message.fileElem, sourceUrl: `${base}/${name}` } };
  }
  return message;
}
