/** The × button on a composer chip (a mention or an image) or a history entry: labelled for screen readers, one click removes it. */
export function createRemoveButton(document: Document, className: string, testId: string, label: string, onClick: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = className;
  button.dataset.testid = testId;
  button.setAttribute('aria-label', `Remove ${label}`);
  button.textContent = '×';
  button.addEventListener('click', onClick);
  return button;
}
