// Dropping (or pasting) a file onto Create: a PNG or MP3 this app made carries its settings, and the form they
// name is restored (family, model, every parameter that passes the family's schema; each one that does not is
// named, and damaged settings are said to be damaged); any other picture becomes a reference image of the
// family on screen. Files are taken by react-dropzone, Create's one mechanism for dropped files (the reference
// list is a dropzone of its own inside this one, and keeps its drops: it stops them bubbling here).
// A paste is taken anywhere on the page, not only inside this box: a person who copied a screenshot presses
// Ctrl/Cmd+V with nothing focused, and that paste goes to the document body.
import { useEffect, useEffectEvent, type ReactElement, type ReactNode } from 'react';
import { useDropzone } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { takesPictures, type FamilyId, type ModelConfig } from '../../../shared/catalog';
import { planRestore } from '../../../shared/studio/restore-settings';
import { errorSentence } from '../../lib/bridge-error';
import { IMAGE_TYPES, readAsDataUrl } from '../../lib/image-files';
import { reuseField } from '../../lib/reuse-targets';
import { useAddReference } from './api/add-reference';
import { useStudioStore } from '../../store/studio-store';
import { useReadSettings } from './api/reuse';
import type { LibraryDropTarget } from './library-drop';
import { usePresetFileDrop } from './preset-bar';
import { useActiveStyles } from './style-store';

/** An element where a paste types text: inputs that take text, text areas, editable content. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'range', 'file', 'submit', 'reset', 'color'].includes(target.type)
  );
}

/** Types that may carry settings: the PNGs and MP3s the app writes them into. */
const SETTINGS_TYPES = ['image/png', 'audio/mpeg', 'audio/mp3'];

export function SettingsDrop({
  family,
  models,
  library,
  children,
}: {
  family: FamilyId;
  /** The configured model ids: a file's model is restored only when it is one of the family's. */
  models: ModelConfig;
  /** Library items dragged in (library-drop.tsx): taken in the capture phase, before anything inside. */
  library: LibraryDropTarget['handlers'];
  children: ReactNode;
}): ReactElement {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const setDraft = useStudioStore((s) => s.setDraft);
  const readSettings = useReadSettings();
  const addReference = useAddReference();

  const takePresets = usePresetFileDrop();
  const setStyles = useActiveStyles((s) => s.set);

  const take = async (file: File): Promise<void> => {
    // A preset file (JSON) applies its first preset; the others are kept in the list.
    if (file.type === 'application/json' || file.name.toLowerCase().endsWith('.json')) {
      await takePresets(file);
      return;
    }
    try {
      const dataUrl = await readAsDataUrl(file);
      if (SETTINGS_TYPES.includes(file.type)) {
        const { settings, damaged } = await readSettings.mutateAsync(dataUrl);
        if (damaged !== null) {
          // Settings the file says it carries but that cannot be read are not a plain picture either.
          pushToast('error', t('reuse.damagedSettings', { name: file.name, reason: damaged }));
          return;
        }
        if (settings && settings.family !== 'speech') {
          const plan = planRestore(settings, models);
          const names = { name: file.name, family: t(`create.families.${settings.family}`) };
          // Each sentence without its full stop, so the list reads as one parenthesis.
          const problems = plan.refused.map((r) => `${r.field}: ${r.message.replace(/\.$/, '')}`).join('; ');
          if (plan.model === null && Object.keys(plan.values).length === 0 && plan.refused.length > 0) {
            pushToast('error', t('reuse.nothingRestored', { ...names, problems }));
            return;
          }
          // A prompt sent with styles comes back as typed, with its chips; a file without styles takes the
          // chips off, or they would be added a second time to the prompt as sent.
          const styles = settings.styles;
          const values =
            styles && 'prompt' in plan.values ? { ...plan.values, prompt: styles.typed } : plan.values;
          setDraft({ family: settings.family, model: plan.model, values, replace: true, editOf: null });
          setStyles(styles && 'prompt' in plan.values ? styles.styles : []);
          navigate(`/create/${settings.family}`);
          if (plan.refused.length === 0) pushToast('success', t('reuse.restored', names));
          else
            pushToast(
              'error',
              t('reuse.restoredExcept', {
                ...names,
                fields: plan.refused.map((r) => r.field).join(', '),
                problems,
              }),
            );
          return;
        }
      }
      if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
        pushToast('error', t('reuse.notUsable', { name: file.name }));
        return;
      }
      // A plain picture: a reference image of the family on screen, if it takes stored references.
      const field = reuseField(family, 'image');
      if (!takesPictures(field)) {
        pushToast('error', t('reuse.takesNoImages', { family: t(`create.families.${family}`) }));
        return;
      }
      const reference = await addReference.mutateAsync(dataUrl);
      setDraft({
        family,
        model: null,
        values: { [field.name]: [reference.uri] },
        replace: false,
        editOf: null,
      });
      pushToast('success', t('reuse.addedReference', { family: t(`create.families.${family}`) }));
    } catch (error) {
      pushToast('error', errorSentence(error, t));
    }
  };

  // Anywhere on the page, never a click or a key (the page's own controls keep those); a paste is taken
  // below, from the whole document.
  const { getRootProps, isDragActive } = useDropzone({
    noClick: true,
    noKeyboard: true,
    noPaste: true,
    multiple: false,
    onDrop: ([file]) => {
      if (file) void take(file);
    },
  });
  // The listener is added once; an effect event reads the latest `take` (the family on screen).
  const takePasted = useEffectEvent((file: File) => void take(file));
  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      // Already taken by a field of its own (Extra body fields inserts the image as a data URL).
      if (e.defaultPrevented || !e.clipboardData) return;
      const file = e.clipboardData.files[0];
      if (!file) return;
      // Text copied from an office program comes with a picture of itself: in a text field it is text.
      if (isTextEntry(e.target) && e.clipboardData.types.includes('text/plain')) return;
      e.preventDefault();
      takePasted(file);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, []);

  return (
    <div
      {...getRootProps({
        className: isDragActive ? 'settings-drop is-over' : 'settings-drop',
        ...library,
      })}
      data-testid="settings-drop"
    >
      {children}
      <p className="field-hint settings-drop-hint">{t('reuse.dropHint')}</p>
    </div>
  );
}
