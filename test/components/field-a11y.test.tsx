// Every form's wiring, held structurally: each <label for> names a real form control (never a div), each invalid
// control is described by the error a person sees beside it, every visible error is announced by a control, and
// every group of choices has a name. The family forms come from the catalog, so a new family or field type is
// checked the day it appears.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAMILY_LIST } from '../../shared/catalog';
import { FamilyForm } from '../../renderer/features/create/family-form';
import { OnboardingPage } from '../../renderer/features/onboarding/onboarding-page';
import { SpeechPage } from '../../renderer/features/speech/speech-page';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

/** Elements a <label for> may name (HTML's "labelable elements"), a hidden input aside. */
const LABELABLE = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'METER', 'OUTPUT', 'PROGRESS']);

const idsIn = (value: string | null) => (value ?? '').split(/\s+/).filter(Boolean);

function visibleText(el: Element | null): string {
  return el instanceof HTMLElement ? (el.textContent ?? '').trim() : '';
}

/** Checks the wiring of everything under root; returns how many errors were on show (so a test can insist). */
export function checkFormWiring(root: HTMLElement): number {
  for (const label of root.querySelectorAll('label[for]')) {
    const forId = label.getAttribute('for') ?? '';
    const target = document.getElementById(forId);
    const name = `label "${visibleText(label)}" (for=${forId})`;
    expect(target, `${name} points at nothing`).not.toBeNull();
    expect(
      LABELABLE.has(target?.tagName ?? ''),
      `${name} points at a <${target?.tagName.toLowerCase()}>`,
    ).toBe(true);
    expect((target as HTMLInputElement).type, `${name} points at a hidden input`).not.toBe('hidden');
  }

  for (const control of root.querySelectorAll('[aria-invalid="true"]')) {
    const described = idsIn(control.getAttribute('aria-describedby')).map((id) =>
      document.getElementById(id),
    );
    const says = described.some(
      (el) =>
        el && (el.classList.contains('field-error') || el.querySelector('.field-error')) && visibleText(el),
    );
    expect(says, `invalid ${control.tagName.toLowerCase()}#${control.id} is not described by its error`).toBe(
      true,
    );
  }

  const errors = [...root.querySelectorAll('.field-error')];
  const describedIds = new Set(
    [...root.querySelectorAll('[aria-describedby]')].flatMap((el) =>
      idsIn(el.getAttribute('aria-describedby')),
    ),
  );
  for (const error of errors) {
    // An error belongs to a control when the control names it, or the list it is an entry of.
    const owner = error.id ? error : error.closest('[id]');
    expect(
      owner && describedIds.has(owner.id),
      `the error "${visibleText(error)}" is described to no control`,
    ).toBe(true);
  }

  for (const group of root.querySelectorAll('[role="radiogroup"], [role="group"]')) {
    const byIds = idsIn(group.getAttribute('aria-labelledby'))
      .map((id) => visibleText(document.getElementById(id)))
      .join(' ');
    const name = byIds || group.getAttribute('aria-label') || '';
    expect(name.trim(), `a ${group.getAttribute('role')} has no name`).not.toBe('');
  }
  return errors.length;
}

describe('form wiring (labels, errors, groups)', () => {
  it.each(FAMILY_LIST.map((f) => [f.id, f] as const))(
    '%s: the empty form submitted shows errors that its controls are described by',
    async (_id, family) => {
      serveBridge();
      const { container } = renderWithStudio(
        <FamilyForm family={family} models={{}} onSubmitted={vi.fn()} />,
      );
      checkFormWiring(container);
      await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
      const needsSomething = family.fields.some((f) => f.required) || family.id === 'video.s';
      if (needsSomething)
        await waitFor(() => expect(container.querySelector('[aria-invalid="true"]')).not.toBeNull());
      const shown = checkFormWiring(container);
      if (needsSomething) expect(shown).toBeGreaterThan(0);
    },
  );

  it('a wrong entry of a list is described to the list control', async () => {
    serveBridge();
    const family = FAMILY_LIST.find((f) => f.id === 'image.i6');
    if (!family) throw new Error('image.i6 is in the catalog');
    const { container } = renderWithStudio(<FamilyForm family={family} models={{}} onSubmitted={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Reference images'), 'htp://typo{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByText(/Image 1 \(htp:\/\/typo\)/);
    expect(screen.getByLabelText('Reference images')).toHaveAttribute('aria-invalid', 'true');
    expect(checkFormWiring(container)).toBeGreaterThan(0);
  });

  it('onboarding: both fields empty are described by their errors', async () => {
    serveBridge();
    const { container } = renderWithStudio(<OnboardingPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(container.querySelectorAll('[aria-invalid="true"]')).toHaveLength(2));
    expect(checkFormWiring(container)).toBe(2);
  });

  it('speech: the empty text is described by its error and the format chips are a named group', async () => {
    serveBridge();
    const { container } = renderWithStudio(<SpeechPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Speak' }));
    await waitFor(() => expect(container.querySelector('[aria-invalid="true"]')).not.toBeNull());
    expect(checkFormWiring(container)).toBeGreaterThan(0);
    expect(screen.getByRole('radiogroup', { name: 'Format' })).toBeVisible();
  });
});
