/**
 * After a refused save, the first field in error in the page's own order, whichever side refused
 * it (the schema's check or the server's field errors) and whatever the order of the errors: on a
 * long form the person lands on what to fix, not on a summary thousands of pixels below it. A
 * field in error is the one its control marks (`.field--invalid`, field-parts.tsx), so controls
 * built apart from the form model (an image upload) take part too.
 */

const CONTROLS = 'input:not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled])';

/** Focuses and scrolls to the first field in error within `root`; false when there is none. */
export function focusFirstError(root: ParentNode | null | undefined): boolean {
  const field = root?.querySelector<HTMLElement>('.field--invalid');
  const control = field?.querySelector<HTMLElement>(CONTROLS);
  if (!field || !control) return false;
  control.focus({ preventScroll: true });
  // The whole field (label, control and message) in the middle of the screen, not at its edge.
  field.scrollIntoView?.({ block: 'center' });
  return true;
}
