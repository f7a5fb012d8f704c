// Whether a key press belongs to a text field, which keeps its own meaning for Ctrl/Cmd+A (select the text),
// Ctrl/Cmd+Z (undo the typing) and Esc (clear a search): page-wide shortcuts step aside there.
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button'].includes(target.type);
}
