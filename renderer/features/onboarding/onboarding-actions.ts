// What onboarding's buttons do, in a chunk of its own with the tRPC client: the page is painted without it and
// fetches it once idle; a click that comes first waits for it (onboarding-page.tsx).
import type { SessionStatus, Settings } from '../../../shared/bridge';
import { saveKey, switchToDemo } from '../../lib/api/session';
import { saveSettings } from '../../lib/api/settings';
import type { KeyVerdict } from '../../lib/key-check';
import { useStudioStore } from '../../store/studio-store';

/** What an action changed: the page's owner puts it where the first screen is decided (app.tsx, studio.tsx). */
export interface OnboardingAnswer {
  session: SessionStatus;
  settings?: Settings;
}

/** Create's latest task belongs to the key and gateway that ran it: another one starts with an empty preview. */
const forgetLatestTask = (): void => useStudioStore.getState().setLastSubmitted(null);

export async function startDemo(): Promise<OnboardingAnswer> {
  const session = await switchToDemo();
  forgetLatestTask();
  return { session };
}

export async function connectGateway(
  values: { baseUrl: string; key: string },
  mustAnswer: boolean,
): Promise<OnboardingAnswer & { verdict: KeyVerdict }> {
  const settings = await saveSettings({ baseUrl: values.baseUrl, onboarded: true });
  const { session, verdict } = await saveKey({ key: values.key, mustAnswer });
  // A refused key changed nothing: the key in use, and its latest task, stay.
  if (verdict.kind !== 'refused') forgetLatestTask();
  return { session, settings, verdict };
}
