// "Also run on…" on Create, in the real form over the real bridge client and router: the other models of the kind
// to pick from, what each ignores of the form (named, never dropped silently), the total and each model's share
// beside Generate, and one press sending every model as one compare group. Only the handlers are fixtures.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FamilyId } from '../../shared/catalog';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import { NO_ESTIMATE } from '../../shared/studio/estimates';
import { formatUsd } from '../../renderer/lib/format';
import { sampleTask } from '../bridge/fixture-handlers';
import { pressGenerate, renderFamilyForm } from './family-form-rig';

afterEach(() => vi.unstubAllGlobals());

/** What the price book would say for each model: I3 0.04, I1 0.03, I4 unknown (first run). */
const PRICES: Partial<Record<FamilyId, number>> = { 'image.i3': 0.04, 'image.i1': 0.03 };

type BatchInput = { requests: SubmissionRequest[]; confirmed?: boolean; key?: string; compare?: boolean };

function renderForm(
  family: FamilyId,
  check?: (input: { requests: SubmissionRequest[] }) => Promise<unknown>,
) {
  const submitBatch = vi.fn(async (input: BatchInput) => ({
    batchId: input.key ?? 'b',
    tasks: input.requests.map((r, i) => ({ ...sampleTask, id: `t${i}`, family: r.family, model: r.model })),
  }));
  const { submit } = renderFamilyForm(family, {
    tasks: { submitBatch },
    ...(check ? { spending: { check } } : {}),
    estimates: {
      submissions: async ({ requests }: { requests: SubmissionRequest[] }) => {
        const items = requests.map((r) => {
          const usd = PRICES[r.family];
          return usd === undefined
            ? { ...NO_ESTIMATE }
            : { ...NO_ESTIMATE, usd, basis: 'runs', observations: 3 };
        });
        const known = items.flatMap((i) => (i.usd === null ? [] : [i.usd]));
        return {
          items,
          totalUsd: known.length ? known.reduce((a, b) => a + b, 0) : null,
          totalCredits: null,
          unknown: items.length - known.length,
        };
      },
    },
  });
  return { submitBatch, submit };
}

const picker = () => screen.getByRole('group', { name: 'Also run on…' });
const tick = (name: string) => userEvent.click(within(picker()).getByRole('checkbox', { name }));
const notes = () => screen.getAllByTestId('fanout-note').map((n) => n.textContent);

describe('Also run on…', () => {
  it('offers every other image model, names what each ignores, and keeps the catalog order', async () => {
    renderForm('image.i3');
    const choices = within(picker())
      .getAllByRole('checkbox')
      .map((c) => c.closest('label')?.textContent);
    // The form's own model (I3) is not offered; a family with several models offers each.
    expect(choices).toEqual([
      'I1 · Standard',
      'I1 · Pro',
      'I2 extended',
      'I4',
      'I5 · Standard',
      'I5 · Alias',
      'I6',
    ]);
    await userEvent.type(screen.getByLabelText('Prompt'), 'a lighthouse');
    await tick('I4');
    await tick('I1 · Standard');
    // I1 has no nsfw_check, size or prompt_extend (even a switch left off is named, by the form's label); I4 has
    // a size but not 1:1 (only 16:9 or 9:16), and no resolution. In the catalog's order, whatever the ticking's.
    expect(notes()).toEqual([
      'I1 · Standard ignores: Content moderation, Aspect ratio, Smart prompt extension',
      'I4 ignores: Content moderation, Aspect ratio, Resolution, Smart prompt extension',
    ]);
    await tick('I1 · Standard');
    expect(notes()).toEqual([
      'I4 ignores: Content moderation, Aspect ratio, Resolution, Smart prompt extension',
    ]);
  });

  it('shows the total and each model’s share, then sends all three as one compare group at one press', async () => {
    const { submitBatch, submit } = renderForm('image.i3');
    await userEvent.type(screen.getByLabelText('Prompt'), 'a lighthouse');
    await tick('I1 · Standard');
    await tick('I4');
    const estimate = screen.getByTestId('estimate');
    await waitFor(() =>
      expect(within(estimate).getByText(/^3 models/)).toHaveTextContent(
        `3 models ≈ ${formatUsd(0.07, 'en')} USD · 1 without an estimate yet`,
      ),
    );
    expect(
      within(estimate)
        .getAllByTestId('estimate-share')
        .map((s) => s.textContent),
    ).toEqual([
      `I3: ≈ ${formatUsd(0.04, 'en')} USD`,
      `I1 · Standard: ≈ ${formatUsd(0.03, 'en')} USD`,
      'I4: no estimate yet',
    ]);

    await pressGenerate();
    await waitFor(() => expect(submitBatch).toHaveBeenCalledTimes(1));
    expect(submit).not.toHaveBeenCalled();
    const sent = submitBatch.mock.calls[0]?.[0];
    expect(sent?.compare).toBe(true);
    expect(sent?.requests).toEqual([
      {
        family: 'image.i3',
        model: 'image_model_id_i3',
        params: {
          prompt: 'a lighthouse',
          nsfw_check: false,
          size: '1:1',
          resolution: '1K',
          prompt_extend: false,
        },
      },
      {
        family: 'image.i1',
        model: 'image_model_id_i1',
        params: { prompt: 'a lighthouse', resolution: '1K' },
      },
      { family: 'image.i4', model: 'image_model_id_i4', params: { prompt: 'a lighthouse' } },
    ]);
  });

  it('the confirmation threshold is asked about the total of all models, and the answer goes with the press', async () => {
    // Each model alone (0.04, 0.03) is under a 0.05 threshold; the three together are not.
    const check = vi.fn(async ({ requests }: { requests: SubmissionRequest[] }) => ({
      unit: 'usd' as const,
      timeZone: 'UTC',
      estimate: 0.07,
      unknown: requests.length - 2,
      unpricedModels: [],
      confirmAbove: 0.05,
      needsConfirmation: true,
      refusal: null,
    }));
    const { submitBatch } = renderForm('image.i3', check);
    await userEvent.type(screen.getByLabelText('Prompt'), 'a lighthouse');
    await tick('I1 · Standard');
    await tick('I4');
    await pressGenerate();
    const dialog = await screen.findByRole('alertdialog', { name: 'Send this generation?' });
    expect(check.mock.calls[0]?.[0].requests.map((r) => r.family)).toEqual([
      'image.i3',
      'image.i1',
      'image.i4',
    ]);
    expect(submitBatch).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send it' }));
    await waitFor(() => expect(submitBatch).toHaveBeenCalledTimes(1));
    expect(submitBatch.mock.calls[0]?.[0]).toMatchObject({ confirmed: true, compare: true });
  });

  it('a chosen model that cannot take the form stops the press and says why', async () => {
    const { submitBatch } = renderForm('image.i1');
    // I1 takes a long prompt; I3 stops at 800 characters.
    await userEvent.click(screen.getByLabelText('Prompt'));
    await userEvent.paste('x'.repeat(900));
    await tick('I3');
    expect(notes()[0]).toMatch(/^I3 cannot take this form: prompt: /);
    await pressGenerate();
    expect(await screen.findByTestId('submit-error')).toHaveTextContent(
      /^I3 cannot take this form: prompt: /,
    );
    expect(submitBatch).not.toHaveBeenCalled();
  });

  it('is not offered where there is no other model: music operations share one, grid upscale has none', () => {
    renderForm('music.concat');
    expect(screen.queryByRole('group', { name: 'Also run on…' })).toBeNull();
  });
});
