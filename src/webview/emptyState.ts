/**
 * What an empty conversation shows: what PTK does, three example prompts about this workspace
 * (choosing one puts it in the composer), and, when the site is the offline demo, a line saying
 * so and how to point PTK at a real site.
 */
import { DEMO_SITE_NOTE } from '../shared/chat/connectionLabels';

/** The example prompts, each a task the tools can do on any workspace. */
export const EXAMPLE_PROMPTS: readonly string[] = [
  'Explain what this workspace does and how its files are organised.',
  'Find the problems VS Code reports in this workspace and fix them.',
  'Suggest tests for the most important function here, then write them.',
];

export class EmptyState {
  readonly element: HTMLElement;
  private readonly demo: HTMLElement;

  constructor(document: Document, choose: (prompt: string) => void) {
    this.element = document.createElement('div');
    this.element.className = 'empty';
    this.element.dataset.testid = 'empty-state';
    const intro = document.createElement('p');
    intro.textContent = 'Ask about your code. PTK answers through your chat site and uses tools on this workspace; writes and commands wait for your approval.';
    const examples = document.createElement('div');
    examples.className = 'examples';
    for (const prompt of EXAMPLE_PROMPTS) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'example secondary';
      button.dataset.testid = 'example-prompt';
      button.textContent = prompt;
      button.addEventListener('click', () => choose(prompt));
      examples.append(button);
    }
    this.demo = document.createElement('p');
    this.demo.className = 'demo-note';
    this.demo.dataset.testid = 'demo-note';
    this.demo.textContent = DEMO_SITE_NOTE;
    this.demo.hidden = true;
    this.element.append(intro, examples, this.demo);
  }

  /** Shows the demo line or not. */
  setDemo(demo: boolean): void {
    this.demo.hidden = !demo;
  }
}
