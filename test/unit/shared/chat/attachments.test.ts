import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { attachmentRefusal, base64Length, formatBytes, imageTypeOfData, isGenericImageName, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS_PER_MESSAGE, pastedImageName } from '../../../../src/shared/chat/attachments';
import { reduceChat, emptyChatState } from '../../../../src/shared/chat/chatReducer';
import { parseHostMessage, parseWebviewMessage } from '../../../../src/shared/chat/protocol';

const image = (changes: Record<string, unknown> = {}) => ({ id: 'image-1', name: 'shot.png', mimeType: 'image/png', data: 'iVBORw0KGgo=', ...changes });

describe('image attachments: limits and the words for a refusal', () => {
  it('takes PNG, JPEG, GIF and WebP up to 10 MB, four per message', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp']) assert.equal(attachmentRefusal({ name: 'a', type, size: 10 }, 0), undefined, type);
    assert.equal(attachmentRefusal({ name: 'a.png', type: 'image/png', size: MAX_ATTACHMENT_BYTES }, MAX_ATTACHMENTS_PER_MESSAGE - 1), undefined);
  });

  it('says which file was refused and why', () => {
    assert.equal(attachmentRefusal({ name: 'big.png', type: 'image/png', size: 12.5 * 1024 * 1024 }, 0), 'big.png was not attached: it is 12.5 MB, and images up to 10 MB can be sent.');
    assert.equal(attachmentRefusal({ name: 'notes.txt', type: 'text/plain', size: 10 }, 0), 'notes.txt was not attached: only PNG, JPEG, GIF and WebP images can be sent.');
    assert.equal(attachmentRefusal({ name: 'logo.svg', type: 'image/svg+xml', size: 10 }, 0), 'logo.svg was not attached: only PNG, JPEG, GIF and WebP images can be sent.');
    assert.equal(attachmentRefusal({ name: 'fifth.png', type: 'image/png', size: 10 }, 4), 'fifth.png was not attached: a message carries at most 4 images.');
    assert.equal(attachmentRefusal({ name: 'empty.png', type: 'image/png', size: 0 }, 0), 'empty.png was not attached: the file is empty.');
  });

  it('names pasted screenshots one by one, keeps real names', () => {
    assert.equal(isGenericImageName('image.png'), true);
    assert.equal(isGenericImageName(''), true);
    assert.equal(isGenericImageName('diagram.png'), false);
    assert.equal(pastedImageName('image/png', 2), 'pasted-image-2.png');
    assert.equal(pastedImageName('image/jpeg', 1), 'pasted-image-1.jpg');
  });

  it('formats sizes', () => {
    assert.equal(formatBytes(812), '812 B');
    assert.equal(formatBytes(45 * 1024), '45 KB');
    assert.equal(formatBytes(10 * 1024 * 1024), '10 MB');
    assert.equal(formatBytes(12.34 * 1024 * 1024), '12.3 MB');
    assert.equal(base64Length(3), 4);
    assert.equal(base64Length(4), 8);
  });
});

describe('image attachments in the typed messages', () => {
  it('a send message carries up to four base64 images', () => {
    const parsed = parseWebviewMessage({ type: 'send', text: 'Look', attachments: [image(), image({ id: 'image-2' })] });
    assert.ok(parsed.ok);
  });

  it('refuses a fifth image, a type that is not an image, an image over 10 MB and data that is not base64, saying which', () => {
    const refusal = (attachments: unknown[]) => {
      const parsed = parseWebviewMessage({ type: 'send', text: 'Look', attachments });
      assert.equal(parsed.ok, false);
      return parsed.ok ? '' : parsed.error;
    };
    assert.match(refusal(Array.from({ length: 5 }, (_, index) => image({ id: `image-${index}` }))), /at most 4 images/);
    assert.match(refusal([image({ mimeType: 'text/html' })]), /attachments\.0\.mimeType/);
    assert.match(refusal([image({ data: 'A'.repeat(base64Length(MAX_ATTACHMENT_BYTES) + 4) })]), /attachments\.0\.data: the image is larger than 10 MB/);
    assert.match(refusal([image({ data: 'not base64!' })]), /not base64/);
  });

  it('the bytes decide the type, not the label: an SVG with a script or an HTML page claiming image/png is refused, naming the file', () => {
    const send = (name: string, mimeType: string, bytes: Buffer) => parseWebviewMessage({ type: 'send', text: 'Look', attachments: [image({ name, mimeType, data: bytes.toString('base64') })] });
    const svg = send('diagram.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>'));
    assert.equal(svg.ok, false);
    if (!svg.ok) assert.match(svg.error, /attachments\.0\.data: "diagram\.png" is not a PNG, JPEG, GIF or WebP image/);
    const html = send('diagram.png', 'image/png', Buffer.from('<!doctype html><html><body>hi</body></html>'));
    assert.equal(html.ok, false);
    // A forged name stays one line in the sentence that is logged.
    const forged = send('x.png\n[error] forged line', 'image/png', Buffer.from('GIF89a'));
    assert.equal(forged.ok, false);
    if (!forged.ok) {
      assert.equal(forged.error.includes('\n'), false);
      assert.match(forged.error, /"x\.png\\n\[error\] forged line" is a GIF image, not PNG as its type says/);
    }
    const jpegAsPng = send('photo.png', 'image/png', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]));
    assert.equal(jpegAsPng.ok, false);
    if (!jpegAsPng.ok) assert.match(jpegAsPng.error, /"photo\.png" is a JPEG image, not PNG/);
    assert.equal(send('empty.png', 'image/png', Buffer.from([0x89, 0x50])).ok, false, 'a PNG signature cut short is no PNG');
  });

  it('takes each attachable type whose first bytes are its own', () => {
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WEBPVP8 ')]);
    for (const [mimeType, bytes] of [
      ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
      ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0, 0x43])],
      ['image/gif', Buffer.from('GIF87a\x01\x00')],
      ['image/gif', Buffer.from('GIF89a\x01\x00')],
      ['image/webp', webp],
    ] as const) {
      assert.equal(imageTypeOfData(bytes.toString('base64')), mimeType);
      const parsed = parseWebviewMessage({ type: 'send', text: 'Look', attachments: [image({ mimeType, data: bytes.toString('base64') })] });
      assert.equal(parsed.ok, true, `${mimeType}: ${parsed.ok ? '' : parsed.error}`);
    }
    assert.equal(imageTypeOfData(Buffer.from('RIFF\x01\x02\x03\x04WAVEfmt ').toString('base64')), undefined, 'a RIFF file that is not WebP');
  });

  it('the size limit is a hard limit: 10 MB passes, one or two bytes more do not, and base64 must be whole', () => {
    const png = (bytes: number) => {
      const buffer = Buffer.alloc(bytes);
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buffer);
      return parseWebviewMessage({ type: 'send', text: 'Look', attachments: [image({ data: buffer.toString('base64') })] });
    };
    assert.equal(png(MAX_ATTACHMENT_BYTES).ok, true);
    for (const extra of [1, 2, 3]) {
      const parsed = png(MAX_ATTACHMENT_BYTES + extra);
      assert.equal(parsed.ok, false, `${extra} byte(s) over`);
      if (!parsed.ok) assert.match(parsed.error, /the image is larger than 10 MB/);
    }
    const unpadded = parseWebviewMessage({ type: 'send', text: 'Look', attachments: [image({ data: 'iVBORw0KGgo' })] });
    assert.equal(unpadded.ok, false);
  });

  it('a user message event carries name, type and size; the reducer keeps them on the item; the host may send them', () => {
    const event = { type: 'userMessage' as const, id: 'u1', text: 'Look', time: 1, attachments: [{ id: 'image-1', name: 'shot.png', mimeType: 'image/png', size: 120 }] };
    assert.ok(parseHostMessage({ type: 'event', conversationId: 'c', event }).ok);
    const state = reduceChat(emptyChatState('c'), event);
    assert.deepEqual(state.items[0], { kind: 'user', id: 'u1', text: 'Look', time: 1, attachments: event.attachments });
    const plain = reduceChat(emptyChatState('c'), { type: 'userMessage', id: 'u2', text: 'Hi', time: 1 });
    assert.equal('attachments' in plain.items[0], false);
  });
});
