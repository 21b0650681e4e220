import { describe, expect, it } from 'vitest';
import {
  ContentType,
  MessageStatus,
  SessionType,
  type Message,
  type PictureInfo,
  type VideoElem,
} from '@teamim/domain';
import { mediaBubbleBody, pictureGallery, safeMediaURL, type MediaBubbleBody } from './media-body';

const message = (change: Partial<Message>): Message => ({
  clientMsgID: 'm7',
  sendID: 'bob',
  recvID: 'me',
  groupID: '',
  sessionType: SessionType.Single,
  contentType: ContentType.Text,
  sendTime: 1,
  senderNickname: 'Bob',
  senderFaceUrl: '',
  status: MessageStatus.Succeeded,
  isRead: true,
  ...change,
});

const info = (url: string, change: Partial<PictureInfo> = {}): PictureInfo => ({
  uuid: 'u',
  type: 'image/png',
  size: 100,
  width: 400,
  height: 100,
  url,
  ...change,
});

const picture = (
  urls: { source: string; big: string; snapshot: string },
  type = 'image/png',
  change: Partial<Message> = {},
): Message =>
  message({
    contentType: ContentType.Picture,
    pictureElem: {
      sourcePicture: info(urls.source, { type }),
      bigPicture: info(urls.big),
      snapshotPicture: info(urls.snapshot),
    },
    ...change,
  });

const video = (change: Partial<VideoElem> = {}, message_: Partial<Message> = {}): Message =>
  message({
    contentType: ContentType.Video,
    videoElem: {
      videoUUID: 'v',
      videoUrl: 'https://cdn.test/v.mp4',
      videoType: 'video/mp4',
      videoSize: 2048,
      duration: 75,
      snapshotUUID: 's',
      snapshotSize: 10,
      snapshotUrl: 'https://cdn.test/v.png',
      snapshotWidth: 640,
      snapshotHeight: 360,
      ...change,
    },
    ...message_,
  });

const fileName = (type: string): string => {
  const body = mediaBubbleBody(picture({ source: '', big: '', snapshot: '' }, type));
  return body?.kind === 'picture' ? body.fileName : 'not a picture';
};

describe('media URLs: only web addresses, and blob: previews of this device', () => {
  it('keeps plain http as well as https', () => {
    expect(safeMediaURL('http://cdn.test/a.png')).toBe('http://cdn.test/a.png');
    expect(safeMediaURL('HTTP://cdn.test/a.png')).toBe('HTTP://cdn.test/a.png');
  });

  it('takes blob: only at the start of a local preview', () => {
    expect(safeMediaURL('javascript:blob:x', true)).toBeUndefined();
    expect(safeMediaURL('x-blob:https://app/1', true)).toBeUndefined();
    expect(safeMediaURL('BLOB:https://app/1', true)).toBe('BLOB:https://app/1');
  });

  it('has nothing for a missing or empty address', () => {
    expect(safeMediaURL(undefined, true)).toBeUndefined();
    expect(safeMediaURL('', true)).toBeUndefined();
  });
});

describe('"save as" names of pictures and videos: the message id and the type\'s extension', () => {
  it('uses the subtype of the picture type, jpeg as jpg, without parameters or suffixes', () => {
    expect(fileName('image/png')).toBe('picture-m7.png');
    expect(fileName('image/jpeg')).toBe('picture-m7.jpg');
    expect(fileName('image/GIF')).toBe('picture-m7.GIF');
    expect(fileName('image/webp;q=1')).toBe('picture-m7.webp');
    expect(fileName('image/svg+xml')).toBe('picture-m7.svg');
  });

  it('falls back to png when the type has no usable subtype', () => {
    expect(fileName('')).toBe('picture-m7.png');
    expect(fileName('image')).toBe('picture-m7.png');
    expect(fileName('image/')).toBe('picture-m7.png');
    // Longer than 5 characters, or other characters than letters and digits: not an extension.
    expect(fileName('image/abcdef')).toBe('picture-m7.png');
    expect(fileName('image/x-png')).toBe('picture-m7.png');
    expect(fileName('image/png-x')).toBe('picture-m7.png');
    expect(fileName('image/../../etc')).toBe('picture-m7.png');
  });

  it('names a video by its type, mp4 when it has none', () => {
    const named = (videoType: string) => {
      const body = mediaBubbleBody(video({ videoType }));
      return body?.kind === 'video' ? body.fileName : 'not a video';
    };
    expect(named('video/webm')).toBe('video-m7.webm');
    expect(named('video/quicktime')).toBe('video-m7.mp4');
    expect(named('')).toBe('video-m7.mp4');
  });
});

describe('picture bodies: the thumbnail, the full picture and the local preview', () => {
  it('shows the snapshot and opens the source when all three pictures are there', () => {
    const body = mediaBubbleBody(
      picture(
        { source: 'https://cdn.test/src.jpg', big: 'https://cdn.test/big.jpg', snapshot: '/obj/snap.jpg' },
        'image/jpeg',
      ),
    );
    expect(body).toEqual({
      kind: 'picture',
      src: '/obj/snap.jpg',
      fullSrc: 'https://cdn.test/src.jpg',
      width: 200,
      height: 50,
      progress: undefined,
      fileName: 'picture-m7.jpg',
      sender: 'Bob',
    });
  });

  it('falls back to the big picture for both, and to the thumbnail for the full one', () => {
    const big = mediaBubbleBody(
      picture({ source: 'javascript:alert(1)', big: 'https://cdn.test/big.png', snapshot: '' }),
    );
    expect(big).toMatchObject({ src: 'https://cdn.test/big.png', fullSrc: 'https://cdn.test/big.png' });
    const thumbOnly = mediaBubbleBody(picture({ source: '', big: '', snapshot: 'https://cdn.test/s.png' }));
    expect(thumbOnly).toMatchObject({ src: 'https://cdn.test/s.png', fullSrc: 'https://cdn.test/s.png' });
  });

  it("shows this device's preview with the upload progress while sending", () => {
    const sending = mediaBubbleBody(
      picture({ source: '', big: '', snapshot: '' }, 'image/png', {
        status: MessageStatus.Sending,
        localPreviewURL: 'blob:https://app/9',
        uploadProgress: 40,
      }),
    );
    expect(sending).toEqual({
      kind: 'picture',
      src: 'blob:https://app/9',
      fullSrc: 'blob:https://app/9',
      width: 200,
      height: 50,
      progress: 40,
      fileName: 'picture-m7.png',
      sender: 'Bob',
    });
  });
});

describe('video and file bodies', () => {
  it('a video: its address, the poster, size and duration as text', () => {
    expect(mediaBubbleBody(video())).toEqual({
      kind: 'video',
      src: 'https://cdn.test/v.mp4',
      poster: 'https://cdn.test/v.png',
      width: 200,
      height: 113,
      duration: '1:15',
      size: '2 KB',
      progress: undefined,
      fileName: 'video-m7.mp4',
    });
  });

  it('a file: its name as text, size, category and a safe address', () => {
    const file = message({
      contentType: ContentType.File,
      status: MessageStatus.Sending,
      fileElem: { uuid: 'f', sourceUrl: 'data:text/html,x', fileName: 'notes.pdf', fileSize: 1536 },
    });
    expect(mediaBubbleBody(file)).toEqual({
      kind: 'file',
      name: 'notes.pdf',
      size: '1.5 KB',
      category: 'pdf',
      url: undefined,
      progress: 0,
    });
  });

  it('a media message without its element, or another kind, has no media body', () => {
    expect(mediaBubbleBody(message({ contentType: ContentType.Picture }))).toBeUndefined();
    expect(mediaBubbleBody(message({ contentType: ContentType.Video }))).toBeUndefined();
    expect(mediaBubbleBody(message({ contentType: ContentType.File }))).toBeUndefined();
    expect(mediaBubbleBody(message({ textElem: { content: 'hi' } }))).toBeUndefined();
  });
});

describe("the viewer's gallery", () => {
  it('lists only pictures that have a full picture, in order, skipping other rows', () => {
    const body = (m: Message) => mediaBubbleBody(m) as MediaBubbleBody;
    const first = body(picture({ source: 'https://cdn.test/1.png', big: '', snapshot: '' }));
    const second = body(picture({ source: '/obj/2.gif', big: '', snapshot: '' }, 'image/gif'));
    const gallery = pictureGallery([
      { kind: 'notice', id: 'n1' },
      { kind: 'bubble', id: 'p1', body: first },
      { kind: 'bubble', id: 'v1', body: body(video()) },
      { kind: 'bubble', id: 'p0', body: body(picture({ source: '', big: '', snapshot: '' })) },
      { kind: 'bubble', id: 't1', body: { kind: 'text' } },
      { kind: 'bubble', id: 'p2', body: second },
    ]);
    expect(gallery).toEqual([
      {
        id: 'p1',
        src: 'https://cdn.test/1.png',
        width: 200,
        height: 50,
        fileName: 'picture-m7.png',
        sender: 'Bob',
      },
      { id: 'p2', src: '/obj/2.gif', width: 200, height: 50, fileName: 'picture-m7.gif', sender: 'Bob' },
    ]);
  });
});
