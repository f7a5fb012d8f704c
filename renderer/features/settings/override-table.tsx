// A per-model override table (Settings → Model ids, Settings → Starting prices): a form of rows, each a labelled
// text input with a Reset beside it that puts the row back to its default and saves at once. Both tables are the
// same control over different values, so they share the form, the row and the save, and stay alike.
import type { InputHTMLAttributes, ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsPatch } from '../../../shared/bridge';
import { errorSentence } from '../../lib/bridge-error';
import { useUpdateSettings } from '../../lib/api/settings';
import { useStudioStore } from '../../store/studio-store';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormCard } from '../../ui/form-card';

/** Saves a patch of settings and says so in a toast, or says why not; `busy` while it runs. */
export function useSaveSettings(): { save: (patch: SettingsPatch) => Promise<void>; busy: boolean } {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const update = useUpdateSettings();
  const save = async (patch: SettingsPatch) => {
    try {
      await update.mutateAsync(patch);
      pushToast('success', t('settings.saved'));
    } catch (error) {
      pushToast('error', errorSentence(error, t));
    }
  };
  return { save, busy: update.isPending };
}

export interface OverrideTableProps {
  title: string;
  lead: string;
  /** Names the form by its title when given (a landmark the page's tests find it by). */
  titleId?: string;
  busy: boolean;
  onSubmit: () => void;
  children: ReactNode;
}

export function OverrideTable(props: OverrideTableProps): ReactElement {
  const { t } = useTranslation();
  return (
    <FormCard
      className="field-column"
      title={props.title}
      titleId={props.titleId}
      lead={<p className="muted">{props.lead}</p>}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
    >
      <div className="model-ids">{props.children}</div>
      <div className="settings-buttons">
        <Button type="submit" busy={props.busy}>
          {t('settings.save')}
        </Button>
      </div>
    </FormCard>
  );
}

export interface OverrideRowProps {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the Reset button, naming the row. */
  resetLabel: string;
  /** True when the row already shows its default, so Reset has nothing to do. */
  atDefault: boolean;
  onReset: () => void;
  /** What tells the input apart per table: placeholder, inputMode, spellCheck. */
  input?: Pick<InputHTMLAttributes<HTMLInputElement>, 'placeholder' | 'inputMode' | 'spellCheck'>;
}

export function OverrideRow(props: OverrideRowProps): ReactElement {
  const { t } = useTranslation();
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={props.error}>
      {(control) => (
        <div className="input-row">
          <input
            {...control}
            {...props.input}
            className="input mono"
            value={props.value}
            onChange={(e) => props.onChange(e.target.value)}
          />
          <Button
            variant="ghost"
            aria-label={props.resetLabel}
            disabled={props.atDefault}
            onClick={props.onReset}
          >
            {t('settings.models.reset')}
          </Button>
        </div>
      )}
    </Field>
  );
}
