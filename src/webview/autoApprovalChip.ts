/**
 * The chip that says what runs without asking: shown while any "Always" answer or the
 * `ptk.tools.autoApprove` setting approves something. Clicking it (or its ×) turns the "Always"
 * answers off; the setting-based part names the setting and offers to open it.
 */
import type { AutoApproval } from '../shared/chat/protocol';

interface AutoApprovalChipHandlers {
  turnOffAlways(): void;
  openSetting(): void;
}

function describeGrant(grant: AutoApproval['grants'][number]): string {
  return grant.command === undefined ? `every ${grant.toolName}` : `${grant.toolName} "${grant.command}"`;
}

export class AutoApprovalChip {
  /** The chip's row (empty and hidden while nothing is auto-approved). */
  readonly element: HTMLElement;

  constructor(private readonly document: Document, private readonly handlers: AutoApprovalChipHandlers) {
    this.element = document.createElement('div');
    this.element.className = 'auto-approval';
    this.element.dataset.testid = 'auto-approval';
    this.element.hidden = true;
  }

  update(autoApproval: AutoApproval): void {
    const { grants, settingTools } = autoApproval;
    this.element.replaceChildren();
    this.element.hidden = grants.length === 0 && settingTools.length === 0;
    if (grants.length > 0) {
      const scope = grants.map(describeGrant).join(', ');
      const chip = this.document.createElement('button');
      chip.type = 'button';
      chip.className = 'auto-approval-chip';
      chip.dataset.testid = 'auto-approval-always';
      chip.title = `"Always" is on in this window: ${scope} runs without asking, in every conversation, until you turn it off (or reload the window). Click to turn it off.`;
      chip.textContent = `Auto-approving: ${scope} ×`;
      chip.setAttribute('aria-label', `Turn off auto-approval of ${scope}`);
      chip.addEventListener('click', () => this.handlers.turnOffAlways());
      this.element.append(chip);
    }
    if (settingTools.length > 0) {
      const setting = this.document.createElement('span');
      setting.className = 'auto-approval-setting';
      setting.dataset.testid = 'auto-approval-setting';
      setting.textContent = `Setting ptk.tools.autoApprove approves ${settingTools.join(', ')} without asking. `;
      const open = this.document.createElement('a');
      open.href = '#';
      open.dataset.testid = 'auto-approval-open-setting';
      open.textContent = 'Open setting';
      open.addEventListener('click', (event) => {
        event.preventDefault();
        this.handlers.openSetting();
      });
      setting.append(open);
      this.element.append(setting);
    }
  }
}
