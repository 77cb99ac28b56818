/**
 * What the replicas' model pickers share (page side): the chosen model kept in localStorage, as
 * the real sites keep the last choice for the next chat and across reloads, and menus that open
 * in an overlay outside the composer, mark their trigger `aria-expanded`, and close on Escape, on
 * a click outside, or when an item was chosen. Each site builds its own trigger, items and
 * current-model evidence; this file decides none of that.
 */

/** The value kept under `key`, or `fallback` (a fresh profile shows the site's default). */
export function rememberedChoice(key: string, fallback: string): string {
  try {
    return localStorage.getItem(`replica-model-choice:${key}`) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Keeps `value` under `key` for the next page load. */
export function rememberChoice(key: string, value: string): void {
  try {
    localStorage.setItem(`replica-model-choice:${key}`, value);
  } catch {
    // storage disabled: the choice lasts until the page reloads
  }
}

/** An open menu: its panels (a submenu adds one) and how to close it. */
export interface OpenMenu {
  /** Adds another panel (a submenu) that belongs to this menu: clicks inside it do not close it. */
  add(panel: HTMLElement): void;
  close(): void;
  readonly closed: boolean;
}

/**
 * Opens `panel` (appended to `container`, by default the end of the body) as `trigger`'s menu.
 * Escape or a press outside the trigger and the menu's panels closes it; `onClose` runs once.
 */
export function openMenu(trigger: HTMLElement, panel: HTMLElement, options: { container?: HTMLElement; onClose?: () => void } = {}): OpenMenu {
  const panels: HTMLElement[] = [];
  let closed = false;
  const inside = (target: EventTarget | null): boolean => target instanceof Node && (trigger.contains(target) || panels.some((candidate) => candidate.contains(target)));
  const onKey = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') menu.close();
  };
  const onPointer = (event: Event): void => {
    if (!inside(event.target)) menu.close();
  };
  const menu: OpenMenu = {
    add(extra) {
      panels.push(extra);
      (options.container ?? document.body).append(extra);
    },
    close() {
      if (closed) return;
      closed = true;
      for (const candidate of panels) candidate.remove();
      trigger.setAttribute('aria-expanded', 'false');
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('mousedown', onPointer, true);
      options.onClose?.();
    },
    get closed() {
      return closed;
    },
  };
  menu.add(panel);
  trigger.setAttribute('aria-expanded', 'true');
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('mousedown', onPointer, true);
  return menu;
}
