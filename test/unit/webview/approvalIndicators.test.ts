import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { ApprovalNeeded } from '../../../src/webview/approvalNeeded';
import { AutoApprovalChip } from '../../../src/webview/autoApprovalChip';

const dom = new JSDOM('<!DOCTYPE html><body></body>');
after(() => dom.window.close());
const { document } = dom.window;

/** Gives an element a layout box (jsdom has no layout). */
function placeAt(element: HTMLElement, top: number, height: number): void {
  element.getBoundingClientRect = () => ({ top, bottom: top + height, left: 0, right: 100, width: 100, height, x: 0, y: top, toJSON: () => ({}) }) as DOMRect;
}

describe('ApprovalNeeded', () => {
  it('shows while the waiting card is out of sight, and scrolls it into view when clicked', () => {
    const list = document.createElement('div');
    placeAt(list, 0, 300);
    const card = document.createElement('div');
    card.dataset.approvalId = 'ap1';
    list.append(card);
    let scrolled = 0;
    card.scrollIntoView = () => {
      scrolled++;
      placeAt(card, 100, 50);
      list.dispatchEvent(new dom.window.Event('scroll'));
    };
    const indicator = new ApprovalNeeded(document, list);
    placeAt(card, 900, 50);
    indicator.update(['ap1']);
    assert.equal(indicator.element.hidden, false, 'card below the visible area');
    indicator.element.click();
    assert.equal(scrolled, 1);
    assert.equal(indicator.element.hidden, true, 'hidden once the card is in sight');
    placeAt(card, 900, 50);
    indicator.update([]);
    assert.equal(indicator.element.hidden, true, 'nothing waits');
  });
});

describe('AutoApprovalChip', () => {
  it('shows the "Always" grants and the setting, turns the grants off on click, and hides when nothing is on', () => {
    const calls: string[] = [];
    const chip = new AutoApprovalChip(document, { turnOffAlways: () => calls.push('off'), openSetting: () => calls.push('setting') });
    chip.update({ grants: [], settingTools: [] });
    assert.equal(chip.element.hidden, true);
    chip.update({ grants: [{ toolName: 'write_file' }, { toolName: 'run_command', command: 'npm test' }], settingTools: ['edit_file'] });
    assert.equal(chip.element.hidden, false);
    const always = chip.element.querySelector<HTMLElement>('[data-testid="auto-approval-always"]')!;
    assert.match(always.textContent ?? '', /every write_file, run_command "npm test"/);
    assert.match(always.title, /until you turn it off/);
    assert.match(chip.element.querySelector('[data-testid="auto-approval-setting"]')?.textContent ?? '', /ptk\.tools\.autoApprove approves edit_file/);
    always.click();
    chip.element.querySelector<HTMLElement>('[data-testid="auto-approval-open-setting"]')!.click();
    assert.deepEqual(calls, ['off', 'setting']);
  });
});
