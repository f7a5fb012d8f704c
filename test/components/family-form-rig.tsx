// One family's form as the Create page shows it, over the fixture bridge: what the form tests share. The bridge
// client and router are real; only the handlers behind them are fixtures, and the submit handler is recorded.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { FAMILIES, type FamilyId } from '../../shared/catalog';
import type { SubmissionRequest } from '../../shared/gateway/normalized';
import { FamilyForm } from '../../renderer/features/create/family-form';
import { fixtureHandlers, sampleTask } from '../bridge/fixture-handlers';
import { renderWithStudio, serveBridge } from './render';

/** Handlers by bridge area ('tasks', 'library' …); each is laid over that area's fixtures. */
type AreaHandlers = Partial<Record<string, Record<string, unknown>>>;

/**
 * Renders `family`'s form. `areas` replace single handlers of the fixtures (a `tasks.submit` given replaces the
 * recorded one). sent() waits for the form to report a submission and returns what reached the bridge's submit.
 */
export function renderFamilyForm(family: FamilyId, areas: AreaHandlers = {}) {
  const submit = vi.fn(async (_request: SubmissionRequest) => sampleTask);
  const fixtures = fixtureHandlers() as unknown as Record<string, Record<string, unknown>>;
  const merged = Object.fromEntries(
    Object.entries({ ...areas, tasks: { submit, ...areas.tasks } }).map(([area, handlers]) => [
      area,
      { ...fixtures[area], ...handlers },
    ]),
  );
  serveBridge(merged);
  const onSubmitted = vi.fn();
  const view = renderWithStudio(
    <FamilyForm family={FAMILIES[family]} models={{}} onSubmitted={onSubmitted} />,
  );
  const sent = async () => {
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    return submit.mock.calls[0]?.[0];
  };
  return { submit, sent, onSubmitted, view };
}

/**
 * What one press of Generate hands the bridge for `request`: no confirmation (no threshold is set, so nothing was
 * asked) and the press's own submission key.
 */
export const pressedRequest = (request: SubmissionRequest) => ({
  confirmed: false,
  key: expect.stringMatching(/^[0-9a-f-]{36}$/),
  ...request,
});

export const pressGenerate = () => userEvent.click(screen.getByRole('button', { name: 'Generate' }));
