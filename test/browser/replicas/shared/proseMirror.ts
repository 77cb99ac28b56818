/**
 * A ProseMirror-like contenteditable model for replicas (ChatGPT's and Claude's composers are
 * ProseMirror): the document is kept as text, every edit goes through `beforeinput` and the
 * element is re-rendered as one `<p>` per line, so what the site sends is the model's text,
 * not the browser's own contenteditable markup.
 */
const models = new WeakMap<HTMLElement, { text: string }>();

function renderModel(element: HTMLElement, text: string): void {
  const lines = text.split('\n');
  element.innerHTML = '';
  for (const line of lines) {
    const paragraph = document.createElement('p');
    if (line) paragraph.textContent = line;
    else paragraph.append(Object.assign(document.createElement('br'), { className: 'ProseMirror-trailingBreak' }));
    element.append(paragraph);
  }
  const selection = window.getSelection();
  if (selection && document.activeElement === element) {
    const range = document.createRange();
    range.selectNodeContents(element);
    range.collapse(false);
    selection.removeAllRanges();
    selection.addRange(range);
  }
}

/** True when the selection covers the whole editor (select-all before a replace). */
function selectsEverything(element: HTMLElement): boolean {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return false;
  return selection.toString().replace(/\s/g, '').length >= (element.textContent ?? '').replace(/\s/g, '').length;
}

/** Makes `element` behave as a ProseMirror editor; `readProseMirror` gives its text. */
export function attachProseMirror(element: HTMLElement): void {
  const model = { text: '' };
  models.set(element, model);
  element.addEventListener('beforeinput', (event) => {
    event.preventDefault();
    const replaceAll = selectsEverything(element);
    if (replaceAll) model.text = '';
    switch (event.inputType) {
      case 'insertText':
      case 'insertFromPaste':
      case 'insertReplacementText':
        model.text += event.data ?? event.dataTransfer?.getData('text/plain') ?? '';
        break;
      case 'insertParagraph':
      case 'insertLineBreak':
        model.text += '\n';
        break;
      case 'deleteContentBackward':
        if (!replaceAll) model.text = Array.from(model.text).slice(0, -1).join('');
        break;
      default:
        if (event.inputType.startsWith('delete') && !replaceAll) model.text = '';
    }
    const limit = Number(element.dataset.limit ?? Infinity);
    if (model.text.length > limit) model.text = model.text.slice(0, limit);
    renderModel(element, model.text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The editor's text, or undefined when `element` is not a ProseMirror replica editor. */
export function readProseMirror(element: HTMLElement): string | undefined {
  return models.get(element)?.text;
}

/** Empties the editor. */
export function clearProseMirror(element: HTMLElement): void {
  const model = models.get(element);
  if (model) model.text = '';
  renderModel(element, '');
}
