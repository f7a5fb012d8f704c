// A value the spec leaves open whose usual values are known (a video's aspect ratio): the usual ones as choices,
// one click each, and "Other…" with a text box for any other value the field's rules allow (a ratio where the
// clause says "string ratio", any text that is not blank where it says only "string"). The choices are a
// shortcut, never the rule, so the form refuses nothing the spec allows; what is wrong with a typed value is said
// in a sentence under the field, as for every field (schema.ts's rules, the one error map's words).
import { useRef, useState, type ReactElement } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isRatio, type FieldSpec } from '../../../shared/catalog';
import { Field, type GroupProps } from '../../ui/field';
import { Segmented } from '../../ui/segmented';
import { RatioArt } from './ratio-art';
import type { FormValues } from './field-control';

/** The radio's value for "Other…": a colon-free word no choice can be. */
const OTHER = 'other';

export interface ChoiceOrOtherProps {
  field: FieldSpec;
  control: Control<FormValues>;
  id: string;
  label: string;
  hint: string | undefined;
  error: string | undefined;
  disabled: boolean | undefined;
}

export function ChoiceOrOther({
  field,
  control,
  id,
  label,
  hint,
  error,
  disabled,
}: ChoiceOrOtherProps): ReactElement {
  const { t } = useTranslation();
  const choices = field.choices ?? [];
  const otherId = `${id}-other`;
  const otherHint = field.ratio ? t('create.choice.ratioHint') : t('create.choice.openHint');
  return (
    <Field id={id} label={label} hint={hint} error={error} className="field-wide" group>
      {(group) => (
        <Controller
          control={control}
          name={field.name}
          render={({ field: f }) => (
            <ChoiceRow
              value={typeof f.value === 'string' ? f.value : ''}
              onChange={f.onChange}
              onBlur={f.onBlur}
              choices={choices}
              name={field.name}
              label={label}
              group={group}
              disabled={disabled}
              other={{
                id: otherId,
                label: t('create.choice.otherValue', { label: label.toLocaleLowerCase() }),
                hint: otherHint,
                invalid: error !== undefined,
                describedBy: error ? `${id}-error` : `${otherId}-hint`,
                // The error says what the hint says and more: one sentence under the box, not both.
                showHint: error === undefined,
              }}
            />
          )}
        />
      )}
    </Field>
  );
}

function OtherArt(): ReactElement {
  return (
    <span className="ratio-art ratio-art-other" aria-hidden="true">
      <span />
    </span>
  );
}

function ChoiceRow({
  value,
  onChange,
  onBlur,
  choices,
  name,
  label,
  group,
  disabled,
  other,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  choices: readonly string[];
  name: string;
  label: string;
  group: GroupProps;
  disabled: boolean | undefined;
  other: {
    id: string;
    label: string;
    hint: string;
    invalid: boolean;
    describedBy: string;
    showHint: boolean;
  };
}): ReactElement {
  const { t } = useTranslation();
  // A value that is none of the choices (a preset's, a dropped picture's) opens the box with it; "Other…" picked
  // opens it empty, and the box stays open while the person types, a choice's words included.
  const [picked, setPicked] = useState(false);
  const otherOpen = picked || (value !== '' && !choices.includes(value));
  // "Other…" picked puts the focus in the box as it appears (its ref is called when it mounts).
  const focusBox = useRef(false);
  const takeFocus = (input: HTMLInputElement | null) => {
    if (input && focusBox.current) {
      focusBox.current = false;
      input.focus();
    }
  };
  return (
    <>
      <Segmented
        group={group}
        name={name}
        label={label}
        value={otherOpen ? OTHER : value}
        disabled={disabled}
        onChange={(v) => {
          if (v === OTHER) {
            setPicked(true);
            focusBox.current = true;
            onChange('');
            return;
          }
          setPicked(false);
          onChange(v);
        }}
        options={[
          ...choices.map((v) => ({
            value: v,
            label: v,
            art: isRatio(v) ? <RatioArt ratio={v} /> : undefined,
          })),
          // A dashed frame of no set shape beside the ratios' outlines, so its label sits in line with theirs.
          { value: OTHER, label: t('create.choice.other'), art: <OtherArt /> },
        ]}
      />
      {otherOpen ? (
        <div className="choice-other">
          <label htmlFor={other.id} className="choice-other-label">
            {other.label}
          </label>
          <input
            ref={takeFocus}
            id={other.id}
            className="input choice-other-input"
            value={value}
            disabled={disabled}
            aria-invalid={other.invalid ? true : undefined}
            aria-describedby={other.describedBy}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
            spellCheck={false}
          />
          {other.showHint ? (
            <p className="field-hint" id={`${other.id}-hint`}>
              {other.hint}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
