import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { replayChat } from '../../../src/shared/chat/chatReducer';
import { AttachmentComposer } from '../../../src/webview/attachmentComposer';
import { createMarkdownRenderer, type WindowLike } from '../../../src/webview/markdown';
import { ThumbnailStore } from '../../../src/webview/messageAttachments';
import { ChatRenderer } from '../../../src/webview/render';

const dom = new JSDOM('<!DOCTYPE html><body></body>');
after(() => dom.window.close());
const { document } = dom.window;

const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82]);
const png = (name = 'image.png', bytes: Uint8Array<ArrayBuffer> = PNG, type = 'image/png') => new dom.window.File([bytes], name, { type }) as unknown as File;

function setup() {
  document.body.replaceChildren();
  const composer = document.createElement('form');
  const input = document.createElement('textarea');
  composer.append(input);
  document.body.append(composer);
  let changes = 0;
  const images = new AttachmentComposer({ input, composer, onChange: () => changes++, makeThumbnail: async () => 'data:image/png;base64,VEhVTUI=' });
  const chips = () => [...composer.querySelectorAll<HTMLElement>('[data-testid="composer-attachment"]')];
  const notice = () => composer.querySelector<HTMLElement>('[data-testid="attachment-notice"]')!;
  return { composer, input, images, chips, notice, changes: () => changes };
}

/** A paste event whose clipboard holds `files` (and text, when given). */
function paste(target: HTMLElement, files: File[], text?: string): Event {
  const event = new dom.window.Event('paste', { bubbles: true, cancelable: true });
  const types = [...(text === undefined ? [] : ['text/plain']), ...(files.length ? ['Files'] : [])];
  Object.defineProperty(event, 'clipboardData', { value: { files, items: [], types, getData: () => text ?? '' } });
  target.dispatchEvent(event);
  return event;
}

/** Waits until the composer has read what it was given. */
async function settled(images: AttachmentComposer): Promise<void> {
  for (let tries = 0; tries < 100 && images.busy; tries++) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('AttachmentComposer (images pasted or dropped into the chat input)', () => {
  it('a pasted screenshot becomes a named chip with a thumbnail, and goes with the message in base64', async () => {
    const { input, images, chips, notice, changes } = setup();
    const event = paste(input, [png()]);
    assert.equal(event.defaultPrevented, true, 'a bare image pastes no text');
    await settled(images);
    assert.equal(chips().length, 1);
    assert.equal(chips()[0].querySelector('.attachment-name')?.textContent, 'pasted-image-1.png');
    assert.equal(chips()[0].querySelector('img')?.getAttribute('src'), 'data:image/png;base64,VEhVTUI=');
    assert.equal(notice().hidden, true);
    assert.ok(changes() > 0);

    const { attachments, images: taken } = images.take();
    assert.equal(attachments.length, 1);
    assert.deepEqual({ ...attachments[0], id: undefined }, { id: undefined, name: 'pasted-image-1.png', mimeType: 'image/png', data: Buffer.from(PNG).toString('base64') });
    assert.equal(taken[0].thumbnail, 'data:image/png;base64,VEhVTUI=');
    assert.equal(chips().length, 0, 'the composer is empty after sending');
  });

  it('an image copied with text lets the text paste too', async () => {
    const { input, images, chips } = setup();
    const event = paste(input, [png('photo.jpg', PNG, 'image/jpeg')], 'a caption');
    assert.equal(event.defaultPrevented, false);
    await settled(images);
    assert.equal(chips()[0].querySelector('.attachment-name')?.textContent, 'photo.jpg');
  });

  it('a plain text paste is left alone', () => {
    const { input, chips } = setup();
    assert.equal(paste(input, [], 'hello').defaultPrevented, false);
    assert.equal(chips().length, 0);
  });

  it('the remove button takes a chip out', async () => {
    const { input, images, chips } = setup();
    paste(input, [png('a.png'), png('b.png')]);
    await settled(images);
    assert.deepEqual(chips().map((chip) => chip.querySelector('.attachment-name')?.textContent), ['a.png', 'b.png']);
    chips()[0].querySelector<HTMLButtonElement>('[data-testid="attachment-remove"]')!.click();
    assert.deepEqual(images.attached.map((image) => image.name), ['b.png']);
    assert.equal(chips().length, 1);
  });

  it('dropping files attaches the images and says why the others were refused', async () => {
    const { composer, images, chips, notice } = setup();
    const files = [png('1.png'), png('2.png'), png('notes.txt', PNG, 'text/plain'), png('3.png'), png('4.png'), png('5.png')];
    const dragover = new dom.window.Event('dragover', { bubbles: true, cancelable: true });
    Object.defineProperty(dragover, 'dataTransfer', { value: { types: ['Files'], files: [], dropEffect: 'none' } });
    composer.dispatchEvent(dragover);
    assert.equal(dragover.defaultPrevented, true, 'the composer accepts the drag');
    const drop = new dom.window.Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { types: ['Files'], files } });
    composer.dispatchEvent(drop);
    assert.equal(drop.defaultPrevented, true);
    await settled(images);
    assert.equal(chips().length, 4);
    assert.equal(notice().hidden, false);
    assert.equal(notice().textContent, 'notes.txt was not attached: only PNG, JPEG, GIF and WebP images can be sent. 5.png was not attached: a message carries at most 4 images.');
  });

  it('draft images given back by the host come back as chips, after any attached since, and go with the next send', async () => {
    const { input, images } = setup();
    paste(input, [png('kept.png')]);
    await settled(images);
    const drafted = images.drafted();
    assert.deepEqual(drafted.map((image) => ({ ...image, id: undefined })), [{ id: undefined, name: 'kept.png', mimeType: 'image/png', data: Buffer.from(PNG).toString('base64') }]);

    // The view's page is recreated: a new composer, and the host's copy of the draft.
    const fresh = setup();
    await fresh.images.restore(drafted);
    assert.deepEqual(fresh.chips().map((chip) => chip.querySelector('.attachment-name')?.textContent), ['kept.png']);
    assert.equal(fresh.chips()[0].title, `kept.png (${PNG.length} B)`, 'the size is the decoded size');
    assert.equal(fresh.changes(), 0, 'what the host sent is not sent back');
    await fresh.images.restore(drafted);
    assert.equal(fresh.chips().length, 1, 'the same image is not added twice');

    const third = setup();
    paste(third.input, [png('new.png')]);
    await settled(third.images);
    const before = third.changes();
    await third.images.restore(drafted);
    assert.deepEqual(third.images.attached.map((image) => image.name), ['new.png', 'kept.png']);
    assert.equal(third.changes(), before + 1, 'the host is told the longer list');
    const sent = third.images.take().attachments;
    assert.deepEqual(sent.map((attachment) => attachment.name), ['new.png', 'kept.png']);
    assert.equal(sent[1].data, drafted[0].data, 'the restored image goes with the send, byte for byte');
    assert.equal(third.chips().length, 0);
  });

  it('an image over 10 MB is refused with its size', async () => {
    const { input, images, chips, notice } = setup();
    paste(input, [png('huge.png', new Uint8Array(10 * 1024 * 1024 + 1))]);
    await settled(images);
    assert.equal(chips().length, 0);
    assert.equal(notice().textContent, 'huge.png was not attached: it is 10.0 MB, and images up to 10 MB can be sent.');
  });
});

describe('sent images in the transcript', () => {
  const events = [{ type: 'userMessage' as const, id: 'u', text: 'What is this?', time: 0, attachments: [{ id: 'known', name: 'shot.png', mimeType: 'image/png', size: 2048 }, { id: 'forgotten', name: 'old.png', mimeType: 'image/png', size: 10 }] }];

  it('the user message shows each image: its thumbnail when this view has it, its name and size', () => {
    const list = document.createElement('div');
    const thumbnails = new ThumbnailStore();
    thumbnails.set('known', 'data:image/png;base64,VEhVTUI=');
    const renderer = new ChatRenderer(list, createMarkdownRenderer(dom.window as unknown as WindowLike), {
      approve: () => undefined, reject: () => undefined, openDiff: () => undefined, action: () => undefined, copy: () => undefined,
      thumbnail: (id) => thumbnails.get(id),
    });
    renderer.update(replayChat('c', events));
    const entries = [...list.querySelectorAll<HTMLElement>('[data-testid="message-attachment"]')];
    assert.equal(entries.length, 2);
    assert.equal(entries[0].querySelector('img')?.getAttribute('src'), 'data:image/png;base64,VEhVTUI=');
    assert.equal(entries[0].querySelector('.attachment-name')?.textContent, 'shot.png');
    assert.equal(entries[0].querySelector('.attachment-size')?.textContent, '2 KB');
    assert.equal(entries[1].querySelector('img'), null, 'no thumbnail: an icon instead');
    assert.equal(entries[1].querySelector('.attachment-name')?.textContent, 'old.png');
  });

  it('the thumbnail store keeps the newest 40 and saves only small ones', () => {
    const store = new ThumbnailStore({ kept: 'data:image/png;base64,AAAA', bogus: 'javascript:alert(1)' });
    assert.equal(store.get('kept'), 'data:image/png;base64,AAAA');
    assert.equal(store.get('bogus'), undefined);
    store.set('large', `data:image/png;base64,${'A'.repeat(70_000)}`);
    assert.deepEqual(Object.keys(store.saved()), ['kept']);
    for (let index = 0; index < 45; index++) store.set(`image-${index}`, 'data:image/png;base64,AAAA');
    assert.equal(store.get('kept'), undefined);
    assert.equal(Object.keys(store.saved()).length, 40);
  });

  it('a sent image without a thumbnail is shown from memory, and its bytes never reach the saved state', () => {
    const store = new ThumbnailStore();
    const whole = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64')}`;
    store.addSent({ id: 'no-thumbnail', dataUrl: whole });
    store.addSent({ id: 'with-thumbnail', dataUrl: whole, thumbnail: 'data:image/png;base64,VEhVTUI=' });
    assert.equal(store.get('no-thumbnail'), whole, 'the transcript still shows it');
    assert.deepEqual(store.saved(), { 'with-thumbnail': 'data:image/png;base64,VEhVTUI=' });
    // A thumbnail made later for the same id is saved after all.
    store.set('no-thumbnail', 'data:image/png;base64,VEhVTUI=');
    assert.deepEqual(Object.keys(store.saved()).sort(), ['no-thumbnail', 'with-thumbnail']);
  });
});
