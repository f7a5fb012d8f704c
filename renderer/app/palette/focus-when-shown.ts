// Focus an element that a navigation is about to show (a page loads lazily, a form remounts): watch the document
// until it appears, then focus it. Gives up after a few seconds so a missing element leaves nothing behind.
const GIVE_UP_MS = 5000;

export function focusWhenShown(selector: string, then?: (element: HTMLElement) => void): void {
  const focus = (): boolean => {
    const element = document.querySelector<HTMLElement>(selector);
    if (!element) return false;
    if (!element.matches('input, textarea, select, button, a[href], [tabindex]')) element.tabIndex = -1;
    element.focus();
    then?.(element);
    return true;
  };
  if (focus()) return;
  const observer = new MutationObserver(() => {
    if (focus()) stop();
  });
  const timer = window.setTimeout(() => stop(), GIVE_UP_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
}
