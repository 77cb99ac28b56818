/**
 * What an empty conversation shows: what PTK does, three example prompts about this workspace
 * (the host makes them from its files and problems; choosing one puts it in the composer), and,
 * when the site is the offline demo, a line saying so and how to point PTK at a real site.
 */
import { DEMO_SITE_NOTE } from '../shared/chat/connectionLabels';

export class EmptyState {
  readonly element: HTMLElement;
  private readonly demo: HTMLElement;
  private readonly examples: HTMLElement;

  constructor(document: Document, private readonly choose: (prompt: string) => void) {
    this.element = document.createElement('div');
    this.element.className = 'empty';
    this.element.dataset.testid = 'empty-state';
    const intro = document.createElement('p');
    intro.textContent = 'Ask about your code. PTK answers through your chat site and uses tools on this workspace; writes and commands wait for your approval.';
    this.examples = document.createElement('div');
    // Filled when the host has made the workspace's examples (so they never change under the pointer).
    this.examples.className = 'examples';
    this.demo = document.createElement('p');
    this.demo.className = 'demo-note';
    this.demo.dataset.testid = 'demo-note';
    this.demo.textContent = DEMO_SITE_NOTE;
    this.demo.hidden = true;
    this.element.append(intro, this.examples, this.demo);
  }

  /** Shows these example prompts (the workspace's, once the host has made them). */
  setPrompts(prompts: readonly string[]): void {
    const shown = [...this.examples.children].map((button) => button.textContent);
    if (shown.length === prompts.length && shown.every((text, index) => text === prompts[index])) return;
    this.examples.replaceChildren(
      ...prompts.map((prompt) => {
        const button = this.examples.ownerDocument.createElement('button');
        button.type = 'button';
        button.className = 'example secondary';
        button.dataset.testid = 'example-prompt';
        button.textContent = prompt;
        button.addEventListener('click', () => this.choose(prompt));
        return button;
      }),
    );
  }

  /** Shows the demo line or not. */
  setDemo(demo: boolean): void {
    this.demo.hidden = !demo;
  }
}
