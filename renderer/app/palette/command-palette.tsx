// The command palette (Ctrl/Cmd+K): one fuzzy search (cmdk's scorer) over every page, every family to create
// with, the newest library items, Run again on the last task, the theme, the language, sync's settings and the
// shortcut sheet. Each entry also answers to its name in the other language, so a person who switched the app
// to Chinese can still type "library", and the other way round. Loaded on first use: it is not on the start path.
import { Command } from 'cmdk';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { FAMILY_LIST } from '../../../shared/catalog';
import type { TaskRecord } from '../../../shared/studio/records';
import { errorSentence } from '../../lib/bridge-error';
import { useLibrary } from '../../lib/api/library';
import { useTaskList } from '../../lib/api/tasks';
import { useAppearance } from '../../lib/use-appearance';
import { LANGUAGES, THEME_PREFERENCES, useStudioStore } from '../../store/studio-store';
import { ROUTES, SYNC_ROUTE, type RouteName } from '../routes';
import { ModalSheet } from './modal-sheet';
import { useRunAgain, type RunAgain } from '../../lib/run-again';
import './palette.css';

const RECENT = 5;

function promptOf(task: TaskRecord): string | null {
  const prompt = task.params['prompt'];
  return typeof prompt === 'string' && prompt.trim() !== '' ? prompt : null;
}

function Entry({
  label,
  keywords,
  onSelect,
}: {
  label: string;
  keywords?: string[];
  onSelect: () => void;
}): ReactElement {
  return (
    <Command.Item value={label} keywords={keywords} onSelect={onSelect} className="palette-item">
      {label}
    </Command.Item>
  );
}

export function CommandPalette({
  onClose,
  onShowShortcuts,
  runAgain,
}: {
  onClose: () => void;
  onShowShortcuts: () => void;
  /** Run again, asked about first (lib/run-again.ts); held above the palette, which closes as it starts. */
  runAgain: RunAgain;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const onError = (error: unknown) => pushToast('error', errorSentence(error, t));
  const { chooseTheme, chooseLanguage } = useAppearance(onError);
  const tasks = useTaskList();
  const recent = useLibrary({ sort: 'newest' });

  // The same key in both languages: an entry found by either name. (A key built from parts is a plain string
  // to the typed t(), so the fixed-language t is read as the plain lookup it is.)
  // `named` fills a {{name}} with another key, read in the same language.
  const both = (key: string, named?: string): string[] =>
    LANGUAGES.map((lng) => {
      const fixed = i18n.getFixedT(lng) as unknown as (k: string, v?: Record<string, string>) => string;
      return fixed(key, named ? { name: fixed(named) } : undefined);
    });
  const act = (action: () => void) => () => {
    onClose();
    action();
  };
  const pages = Object.keys(ROUTES) as RouteName[];
  const families = FAMILY_LIST.filter((f) => f.kind !== 'speech');
  const items = recent.data?.pages[0]?.items.slice(0, RECENT) ?? [];
  const last = tasks.data?.tasks[0];

  return (
    <ModalSheet label={t('keyboard.palette.title')} className="palette" onClose={onClose}>
      <Command label={t('keyboard.palette.title')} loop>
        <Command.Input
          className="palette-input"
          placeholder={t('keyboard.palette.placeholder')}
          aria-label={t('keyboard.palette.title')}
          data-initial-focus
        />
        <Command.List className="palette-list">
          <Command.Empty className="palette-empty">{t('keyboard.palette.empty')}</Command.Empty>
          <Command.Group heading={t('keyboard.palette.pages')}>
            {pages.map((name) => (
              <Entry
                key={name}
                label={t(`nav.${name}`)}
                keywords={both(`nav.${name}`)}
                onSelect={act(() => navigate(ROUTES[name]))}
              />
            ))}
          </Command.Group>
          <Command.Group heading={t('keyboard.palette.families')}>
            {families.map((family) => (
              <Entry
                key={family.id}
                label={t(`create.families.${family.id}`)}
                keywords={[family.id, ...both(`create.families.${family.id}`)]}
                onSelect={act(() => navigate(`${ROUTES.create}/${family.id}`))}
              />
            ))}
          </Command.Group>
          {items.length > 0 ? (
            <Command.Group heading={t('keyboard.palette.recent')}>
              {items.map((item) => {
                const name = item.title ?? item.prompt ?? t(`library.kindOne.${item.kind}`);
                return (
                  <Entry
                    key={item.id}
                    label={t('keyboard.palette.openItem', { name })}
                    keywords={[name, item.id]}
                    onSelect={act(() => navigate(`${ROUTES.library}/${item.id}`))}
                  />
                );
              })}
            </Command.Group>
          ) : null}
          <Command.Group heading={t('keyboard.palette.actions')}>
            {last ? (
              <Entry
                label={t('keyboard.palette.runAgain', {
                  name: promptOf(last) ?? t(`create.families.${last.family}`),
                })}
                keywords={both('tasks.rerun')}
                // The palette is gone by the time the task is sent, and mutate()'s own callbacks die with it:
                // the promise is what says the task started.
                onSelect={act(() => {
                  void runAgain(last).then((outcome) => {
                    if (outcome.status === 'failed') return onError(outcome.error);
                    if (outcome.status === 'stopped') {
                      if (outcome.failure) pushToast('error', outcome.failure);
                      return;
                    }
                    pushToast('success', t('keyboard.palette.rerunStarted'));
                    navigate(`${ROUTES.tasks}/${outcome.value.id}`);
                  });
                })}
              />
            ) : null}
            <Entry
              label={t('keyboard.palette.sync')}
              keywords={both('keyboard.palette.sync')}
              onSelect={act(() => navigate(SYNC_ROUTE))}
            />
            <Entry
              label={t('keyboard.palette.shortcuts')}
              keywords={both('keyboard.palette.shortcuts')}
              onSelect={act(onShowShortcuts)}
            />
          </Command.Group>
          <Command.Group heading={t('keyboard.palette.appearance')}>
            {THEME_PREFERENCES.map((theme) => (
              <Entry
                key={theme}
                label={t('keyboard.palette.theme', { name: t(`settings.themes.${theme}`) })}
                keywords={both('keyboard.palette.theme', `settings.themes.${theme}`)}
                onSelect={act(() => chooseTheme(theme))}
              />
            ))}
            {LANGUAGES.map((language) => (
              <Entry
                key={language}
                label={t('keyboard.palette.language', { name: t(`settings.languages.${language}`) })}
                keywords={both('keyboard.palette.language', `settings.languages.${language}`)}
                onSelect={act(() => chooseLanguage(language))}
              />
            ))}
          </Command.Group>
        </Command.List>
      </Command>
    </ModalSheet>
  );
}

/**
 * The palette while open, and the question its Run again asks: mounted from the palette's first opening on, so
 * the question stays on screen (and its answer is heard) after the palette has closed.
 */
export function PaletteHost({
  open,
  onClose,
  onShowShortcuts,
}: {
  open: boolean;
  onClose: () => void;
  onShowShortcuts: () => void;
}): ReactElement {
  const runAgain = useRunAgain();
  return (
    <>
      {open ? (
        <CommandPalette onClose={onClose} onShowShortcuts={onShowShortcuts} runAgain={runAgain.run} />
      ) : null}
      {runAgain.dialog}
    </>
  );
}
