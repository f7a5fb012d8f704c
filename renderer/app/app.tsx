// The first decision: onboarding until a gateway is chosen, the studio afterwards. Made from the first screen's
// plain request (lib/first-screen.ts), without React Query or the tRPC client, whose code comes with the studio.
import { useEffect, useState, useSyncExternalStore, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Router } from 'wouter';
import { useHashLocation } from '../lib/hash-location';
import { OnboardingPage, onboardingActions, onboardingRules } from '../features/onboarding/onboarding-page';
import type { OnboardingAnswer } from '../features/onboarding/onboarding-actions';
import { errorSentence } from '../lib/bridge-error';
import { fetchFirstScreen, type FirstScreen } from '../lib/first-screen';
import { usePreferencesEffect } from '../lib/use-preferences-effect';
import { useStudioStore } from '../store/studio-store';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { preloadablePage, useIdlePreload } from './preloadable-page';

function Booting(): ReactElement {
  const { t } = useTranslation();
  return <div className="boot">{t('common.loading')}</div>;
}

/**
 * The studio (its cache and frame) is fetched only once a gateway is chosen: the first start (and web mode's every
 * start) shows onboarding from the small eager entry alone. Onboarding fetches it once idle, so "Try the demo
 * gateway" opens it at once (`npm run bench -- renderer-load`).
 */
const studio = preloadablePage(() => import('./studio').then((m) => m.Studio), Booting);
// The studio first ("Try the demo gateway" opens it), then what the buttons do (the tRPC client), then the form's
// rules (zod), which its first check needs.
const ONBOARDING_NEXT = [studio, onboardingActions, onboardingRules];

function Onboarding(props: {
  first: FirstScreen;
  onAnswer: (answer: OnboardingAnswer) => void;
}): ReactElement {
  useIdlePreload(ONBOARDING_NEXT);
  return (
    <OnboardingPage
      session={props.first.session}
      savedBaseUrl={props.first.settings.baseUrl ?? null}
      onAnswer={props.onAnswer}
    />
  );
}

type Start = { first: FirstScreen } | { error: unknown } | null;

/**
 * What the first request came back with, read as an external store: the answer is seen by the render that follows
 * it (a sync update, as React Query's was), and a render after it arrived has it at once, with no "Loading" first.
 */
const settled = new WeakMap<Promise<FirstScreen>, Start>();
export function track(request: Promise<FirstScreen>): void {
  if (settled.has(request)) return;
  settled.set(request, null);
  request.then(
    (first) => settled.set(request, { first }),
    (error: unknown) => settled.set(request, { error }),
  );
}
function useSettled(request: Promise<FirstScreen>): Start {
  track(request);
  return useSyncExternalStore(
    (changed) => {
      let live = true;
      // Runs after track's handlers (registered first), so the snapshot is there when React reads it.
      request.then(
        () => live && changed(),
        () => live && changed(),
      );
      return () => {
        live = false;
      };
    },
    () => settled.get(request) ?? null,
  );
}

function Root({ firstScreen }: { firstScreen: Promise<FirstScreen> }): ReactElement {
  const { t } = useTranslation();
  usePreferencesEffect();
  const [request, setRequest] = useState(() => firstScreen);
  // What onboarding's buttons changed since: newer than the request's answers.
  const [answered, setAnswered] = useState<FirstScreen | null>(null);
  const fromRequest = useSettled(request);
  const start: Start = answered ? { first: answered } : fromRequest;
  // Theme and language are stored by main with the other settings; the renderer store mirrors them (the studio
  // keeps doing so from its cache).
  const settings = start && 'first' in start ? start.first.settings : null;
  useEffect(() => {
    if (!settings) return;
    const store = useStudioStore.getState();
    store.setTheme(settings.theme);
    store.setLanguage(settings.language);
  }, [settings]);

  if (!start) return <Booting />;
  if ('error' in start) {
    return (
      <div className="boot">
        <div className="boot-error">
          <Alert>{errorSentence(start.error, t)}</Alert>
          <Button onClick={() => setRequest(fetchFirstScreen())}>{t('common.retry')}</Button>
        </div>
      </div>
    );
  }
  const { first } = start;
  const onAnswer = (answer: OnboardingAnswer): void =>
    setAnswered({ session: answer.session, settings: answer.settings ?? first.settings });
  if (first.session.mode === 'unconfigured') return <Onboarding first={first} onAnswer={onAnswer} />;
  return <studio.Page first={first} />;
}

export function App({ firstScreen }: { firstScreen: Promise<FirstScreen> }): ReactElement {
  return (
    <Router hook={useHashLocation}>
      <Root firstScreen={firstScreen} />
    </Router>
  );
}
