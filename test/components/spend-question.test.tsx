// The price to assume, offered where the creator meets a model with no estimate yet: in the question Generate
// asks, in the real form over the real bridge client and router. The handlers behind the router stand in for the
// main process and follow its rule (electron/core/spending/spending-guard.ts): a request nothing prices is asked
// about, or, with a price to assume saved in the limits, counts at that price like any estimate.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAMILIES } from '../../shared/catalog';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import type { SpendCheck, SpendingLimits } from '../../shared/studio/spending';
import { FamilyForm } from '../../renderer/features/create/family-form';
import { fixtureHandlers, sampleTask } from '../bridge/fixture-handlers';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

const PRICE_LABEL = 'Price to assume for a model with no estimate yet';

/** `running`: a task with no estimate yet is in flight, so under a budget nothing unpriced goes without a price. */
function renderWithLimits(start: SpendingLimits, { running = false } = {}) {
  let limits = start;
  const setLimits = vi.fn(async (next: SpendingLimits) => {
    limits = next;
    return { limits, systemTimeZone: 'UTC' };
  });
  const check = vi.fn(async ({ requests }: { requests: SubmissionRequest[] }): Promise<SpendCheck> => {
    const assumed = limits.unknownPrice ?? null;
    const estimate = assumed === null ? null : assumed * requests.length;
    const unknown = assumed === null ? requests.length : 0;
    return {
      unit: limits.unit,
      timeZone: 'UTC',
      estimate,
      unknown,
      unpricedModels: unknown > 0 ? ['image_model_id_i3'] : [],
      confirmAbove: limits.confirmAbove,
      needsConfirmation:
        unknown > 0 || (limits.confirmAbove !== null && estimate !== null && estimate > limits.confirmAbove),
      refusal:
        running && assumed === null
          ? {
              window: {
                period: 'day',
                start: 0,
                resetsAt: 86_400_000,
                charged: 0,
                estimated: 0,
                spent: 0,
                unpriced: 1,
                limit: limits.daily,
              },
              needed: null,
              unpriced: 'running',
            }
          : null,
    };
  });
  const submit = vi.fn(async (_input: SubmissionRequest & { confirmed?: boolean }) => sampleTask);
  serveBridge({
    tasks: { ...fixtureHandlers().tasks, submit },
    spending: {
      check,
      limits: async () => ({ limits, systemTimeZone: 'UTC' }),
      setLimits,
    },
  });
  renderWithStudio(<FamilyForm family={FAMILIES['image.i3']} models={{}} onSubmitted={vi.fn()} />);
  return { setLimits, submit, check };
}

const LIMITS: SpendingLimits = {
  unit: 'usd',
  confirmAbove: 1,
  daily: 5,
  monthly: null,
  timeZone: 'Europe/Paris',
  unknownPrice: null,
};

async function press(): Promise<HTMLElement> {
  await userEvent.type(screen.getByLabelText('Prompt'), 'a paper boat');
  await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
  return screen.findByRole('alertdialog', { name: 'Send this generation?' });
}

describe('the question for a model with no estimate yet', () => {
  it('takes the price to assume typed in it, saves it with the other limits, and sends at that price', async () => {
    const { setLimits, submit } = renderWithLimits(LIMITS);
    const dialog = await press();
    expect(dialog).toHaveTextContent('There is no estimate yet for this model (image_model_id_i3)');
    const field = within(dialog).getByLabelText(PRICE_LABEL);
    // The question is answered by typing: the keyboard starts in the field.
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.keyboard('0.05{Enter}');

    // Saved the way Settings saves it: every other limit as it was, this one field changed.
    await waitFor(() => expect(setLimits).toHaveBeenCalledWith({ ...LIMITS, unknownPrice: 0.05 }));
    // 0.05 USD is under the 1 USD threshold: nothing left to ask, and the press goes.
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks again with the amount when the price typed takes the press above the threshold', async () => {
    const { setLimits, submit } = renderWithLimits(LIMITS);
    const dialog = await press();
    await userEvent.type(within(dialog).getByLabelText(PRICE_LABEL), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send it' }));
    await waitFor(() => expect(setLimits).toHaveBeenCalledTimes(1));

    const again = await screen.findByRole('alertdialog', { name: 'Send this generation?' });
    await waitFor(() =>
      expect(again).toHaveTextContent(
        'This will probably cost about 2.00 USD, above your confirmation threshold of 1.00 USD.',
      ),
    );
    expect(within(again).queryByLabelText(PRICE_LABEL)).toBeNull();
    expect(submit).not.toHaveBeenCalled();
    await userEvent.click(within(again).getByRole('button', { name: 'Send it' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0]).toMatchObject({ confirmed: true });
  });

  it('refuses what is not an amount, in the field, and saves nothing; empty sends as asked', async () => {
    const { setLimits, submit } = renderWithLimits(LIMITS);
    const dialog = await press();
    const field = within(dialog).getByLabelText(PRICE_LABEL);
    await userEvent.type(field, 'cheap{Enter}');
    expect(field).toHaveAccessibleDescription('Enter an amount above 0, or leave it empty.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(setLimits).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send it' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0]).toMatchObject({ confirmed: true });
    expect(setLimits).not.toHaveBeenCalled();
  });

  it('under a budget a price nothing can count without is asked for first, and the press goes once it is typed', async () => {
    const { setLimits, submit } = renderWithLimits(LIMITS, { running: true });
    const dialog = await press();
    expect(dialog).toHaveTextContent('Not sent: a task with no estimate yet is still running');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send it' }));
    const field = within(dialog).getByLabelText(PRICE_LABEL);
    expect(field).toHaveAccessibleDescription(
      'Type a price to assume: under your budget these cannot be counted without one.',
    );
    expect(submit).not.toHaveBeenCalled();
    await userEvent.type(field, '0.05{Enter}');
    await waitFor(() => expect(setLimits).toHaveBeenCalledWith({ ...LIMITS, unknownPrice: 0.05 }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  });
});
