import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ListenerSet } from '../../../src/ui/listenerSet';

describe('ListenerSet', () => {
  it('tells each listener until it is disposed', () => {
    const heard: string[] = [];
    const listeners = new ListenerSet<[word: string]>();
    const first = listeners.add((word) => heard.push(`first ${word}`));
    listeners.add((word) => heard.push(`second ${word}`));
    listeners.fire('a');
    first.dispose();
    listeners.fire('b');
    assert.deepEqual(heard, ['first a', 'second a', 'second b']);
  });

  it('with onError, a listener that throws is reported and the others are still told', () => {
    const errors: string[] = [];
    const heard: number[] = [];
    const listeners = new ListenerSet<[value: number]>((error) => errors.push((error as Error).message));
    listeners.add(() => {
      throw new Error('broken');
    });
    listeners.add((value) => heard.push(value));
    listeners.fire(1);
    assert.deepEqual([errors, heard], [['broken'], [1]]);
  });
});
