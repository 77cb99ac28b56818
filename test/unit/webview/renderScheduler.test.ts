import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyChatState, replayChat } from '../../../src/shared/chat/chatReducer';
import { RenderScheduler, revealsFirstText } from '../../../src/webview/renderScheduler';

/** A scheduler whose frames run only when the test says so. */
function setup() {
  const frames: Array<() => void> = [];
  let renders = 0;
  const scheduler = new RenderScheduler(() => renders++, (callback) => frames.push(callback));
  const runFrame = () => frames.shift()?.();
  return { scheduler, frames, runFrame, renders: () => renders };
}

describe('RenderScheduler', () => {
  it('renders an update that finds the view idle at once', () => {
    const { scheduler, renders } = setup();
    scheduler.request();
    assert.equal(renders(), 1);
  });

  it('folds the updates that arrive while a frame is pending into one render at that frame', () => {
    const { scheduler, frames, runFrame, renders } = setup();
    scheduler.request();
    for (let delta = 0; delta < 100; delta++) scheduler.request();
    assert.equal(renders(), 1, 'nothing more before the frame');
    runFrame();
    assert.equal(renders(), 2, 'one render for the hundred updates');
    assert.equal(frames.length, 1, 'the next frame closes the next batch');
    runFrame();
    assert.equal(renders(), 2, 'an idle frame renders nothing');
    assert.equal(frames.length, 0, 'and asks for no further frame');
    scheduler.request();
    assert.equal(renders(), 3, 'idle again: at once');
  });

  it('renders text the user waits for at once even while a frame is pending', () => {
    const { scheduler, frames, runFrame, renders } = setup();
    scheduler.request();
    scheduler.request(true);
    assert.equal(renders(), 2);
    assert.equal(frames.length, 1, 'no second frame requested');
    runFrame();
    assert.equal(renders(), 2, 'nothing left for the frame');
  });
});

describe('revealsFirstText', () => {
  const started = replayChat('c', [{ type: 'assistantStart', id: 'a' }]);

  it('is true for the first non-empty text of a bubble, and only for it', () => {
    assert.equal(revealsFirstText(started, { type: 'assistantDelta', id: 'a', text: 'Hel' }), true);
    const shown = replayChat('c', [{ type: 'assistantStart', id: 'a' }, { type: 'assistantDelta', id: 'a', text: 'Hel' }]);
    assert.equal(revealsFirstText(shown, { type: 'assistantDelta', id: 'a', text: 'lo' }), false);
  });

  it('is false for empty text and for other events; true for a bubble that arrives done', () => {
    assert.equal(revealsFirstText(started, { type: 'assistantDelta', id: 'a', text: '' }), false);
    assert.equal(revealsFirstText(started, { type: 'notice', text: 'hi' }), false);
    assert.equal(revealsFirstText(emptyChatState('c'), { type: 'assistantDone', id: 'b', text: 'All done.' }), true);
  });
});
