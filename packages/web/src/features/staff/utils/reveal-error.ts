/**
 * Brings the first message of the form holding `fieldId` into view once it has painted. The role form's
 * permissions and the staff form's stores sit below the fold of a phone: a save they refused changed nothing the
 * person could see, and the button seemed dead.
 */
export function revealFirstError(fieldId: string): void {
  requestAnimationFrame(() => {
    const form = document.getElementById(fieldId)?.closest('form');
    form?.querySelector('.field-error')?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}
