// The generic field renderer: one control per catalog FieldSpec type, so every family's form comes from the
// catalog's data rather than from a hand-written page per model.
import type { ReactElement } from 'react';
import { Controller, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isRatio, type FieldSpec } from '../../../shared/catalog';
import { Field, type ControlProps } from '../../ui/field';
import { Segmented } from '../../ui/segmented';
import { Switch } from '../../ui/switch';
import { CharCounter } from '../../ui/char-counter';
import { cx } from '../../ui/cx';
import { fieldHint, fieldLabel } from './field-label';
import type { ItemErrors } from './item-errors';
import { RatioArt } from './ratio-art';
import { ChoiceOrOther } from './choice-or-other';
import { imageWithRole, imageWithRoleLine } from './image-roles';
import { ReferenceImages } from './reference-images';

export type FormValues = Record<string, unknown>;

export interface FieldControlProps {
  field: FieldSpec;
  /** The form the field belongs to (a useForm result, or its control and register). */
  form: Pick<UseFormReturn<FormValues>, 'control' | 'register'>;
  error?: string;
  /** List fields: what is wrong with each entry, by position. */
  itemErrors?: ItemErrors;
  /** The prompt limit in effect for the chosen model (undefined: none). */
  maxLength?: number;
  disabled?: boolean;
  /** Ids are `<prefix>-<field name>`: a second form on the page (a recipe step) keeps its labels its own. */
  idPrefix?: string;
}

/** Up to this many choices show as chips; more become a drop-down. */
const SEGMENTED_MAX = 12;

/** The counter beside a text field with a limit, following what is typed. */
function WatchedCounter({
  control,
  name,
  max,
}: {
  control: Control<FormValues>;
  name: string;
  max: number;
}): ReactElement {
  const value = useWatch({ control, name });
  return (
    <CharCounter count={typeof value === 'string' ? value.length : 0} max={max} testId={`${name}-counter`} />
  );
}

const linesToList = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** A list's control is also described by its wrong entries (ItemErrorList's id), and invalid while any is. */
export function withItems(control: ControlProps, itemErrors: ItemErrors | undefined): ControlProps {
  if (!itemErrors) return control;
  return {
    id: control.id,
    'aria-invalid': true,
    'aria-describedby': [control['aria-describedby'], `${control.id}-items`].filter(Boolean).join(' '),
  };
}

/**
 * A list typed one entry per line (URLs, or image roles built from URLs). The form value is the list, or
 * undefined when empty so an optional field stays unset; what was entered shows again when the form remounts.
 */
function ListTextarea({
  id,
  label,
  hint,
  error,
  itemErrors,
  control,
  name,
  disabled,
  toValue,
  toLines,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  itemErrors: ItemErrors | undefined;
  control: Control<FormValues>;
  name: string;
  disabled: boolean | undefined;
  toValue: (lines: string[]) => unknown[];
  toLines: (item: unknown) => string | null;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      {(wiring) => (
        <>
          <Controller
            control={control}
            name={name}
            render={({ field: f }) => (
              <textarea
                {...withItems(wiring, itemErrors)}
                className="textarea"
                rows={3}
                disabled={disabled}
                defaultValue={
                  Array.isArray(f.value)
                    ? f.value
                        .map(toLines)
                        .filter((l): l is string => l !== null)
                        .join('\n')
                    : ''
                }
                onBlur={(e) => {
                  const list = linesToList(e.target.value);
                  f.onChange(list.length > 0 ? toValue(list) : undefined);
                  f.onBlur();
                }}
              />
            )}
          />
          <ItemErrorList
            id={`${id}-items`}
            errors={itemErrors}
            label={(n, message) => t('create.validation.line', { n, message })}
          />
        </>
      )}
    </Field>
  );
}

/** Each wrong entry of a list, named by its 1-based position, right under the list it belongs to. */
export function ItemErrorList({
  id,
  errors,
  label,
}: {
  id: string;
  errors: ItemErrors | undefined;
  label: (n: number, message: string) => string;
}): ReactElement | null {
  if (!errors) return null;
  return (
    <ul className="item-errors" id={id}>
      {errors.map((message, i) =>
        message ? (
          <li key={i} className="field-error" role="alert">
            {label(i + 1, message)}
          </li>
        ) : null,
      )}
    </ul>
  );
}

export function FieldControl({
  field,
  form: { control, register },
  error,
  itemErrors,
  maxLength,
  disabled,
  idPrefix = 'field',
}: FieldControlProps): ReactElement {
  const { t } = useTranslation();
  const id = `${idPrefix}-${field.name}`;
  const label = fieldLabel(field.name, t);
  const hint = fieldHint(field.name, t);
  // What every Field of this control is labelled and described with.
  const labelled = { id, label, hint, error };
  // What both list fields hand their textarea; only the hint and the line mapping tell them apart.
  const list = { id, label, error, itemErrors, control, name: field.name, disabled };

  switch (field.type) {
    case 'boolean':
      return (
        <div className={cx('field', 'field-switch', error && 'has-error')}>
          <Switch
            id={id}
            label={label}
            hint={hint}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...register(field.name)}
          />
          {error ? (
            <p className="field-error" id={`${id}-error`} role="alert">
              {error}
            </p>
          ) : null}
        </div>
      );

    case 'text':
      return (
        <Field
          {...labelled}
          aside={
            maxLength !== undefined ? (
              <WatchedCounter control={control} name={field.name} max={maxLength} />
            ) : null
          }
        >
          {(wiring) => (
            <textarea
              {...wiring}
              className={cx('textarea', field.name === 'prompt' && 'textarea-prompt')}
              placeholder={t(`create.fields.${field.name}Placeholder` as 'create.fields.promptPlaceholder', {
                defaultValue: '',
              })}
              disabled={disabled}
              {...register(field.name)}
            />
          )}
        </Field>
      );

    case 'enum':
    case 'integer':
    case 'number': {
      const values = field.values;
      if (values && values.length <= SEGMENTED_MAX) {
        const numeric = field.type !== 'enum';
        return (
          <Field {...labelled} className={values.length > 4 ? 'field-wide' : undefined} group>
            {(group) => (
              <Controller
                control={control}
                name={field.name}
                render={({ field: f }) => (
                  <Segmented
                    group={group}
                    name={field.name}
                    label={label}
                    value={f.value === undefined || f.value === null ? '' : String(f.value)}
                    disabled={disabled}
                    onChange={(v) => f.onChange(numeric ? Number(v) : v)}
                    options={values.map((v) => ({
                      value: String(v),
                      label: String(v),
                      art: typeof v === 'string' && isRatio(v) ? <RatioArt ratio={v} /> : undefined,
                    }))}
                  />
                )}
              />
            )}
          </Field>
        );
      }
      if (values) {
        return (
          <Field {...labelled}>
            {(wiring) => (
              <select {...wiring} className="select" disabled={disabled} {...register(field.name)}>
                <option value="">{t('common.unknown')}</option>
                {values.map((v) => (
                  <option key={String(v)} value={String(v)}>
                    {String(v)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        );
      }
      return (
        <Field {...labelled}>
          {(wiring) => (
            <input
              {...wiring}
              className="input input-number"
              type="number"
              min={field.min}
              max={field.max}
              step={field.type === 'integer' ? 1 : 'any'}
              disabled={disabled}
              {...register(field.name, { valueAsNumber: true })}
            />
          )}
        </Field>
      );
    }

    case 'string':
      if (field.choices)
        return <ChoiceOrOther field={field} control={control} {...labelled} disabled={disabled} />;
      return (
        <Field {...labelled}>
          {(wiring) => (
            <>
              <input
                {...wiring}
                className="input"
                list={field.examples ? `${id}-examples` : undefined}
                disabled={disabled}
                {...register(field.name)}
              />
              {field.examples ? (
                <datalist id={`${id}-examples`}>
                  {field.examples.map((e) => (
                    <option key={e} value={e} />
                  ))}
                </datalist>
              ) : null}
            </>
          )}
        </Field>
      );

    case 'url':
      return (
        <Field {...labelled}>
          {(wiring) => (
            <input {...wiring} className="input" type="url" disabled={disabled} {...register(field.name)} />
          )}
        </Field>
      );

    case 'urls':
      if (field.media?.media === 'image') {
        return (
          <Field {...labelled}>
            {(wiring) => (
              <Controller
                control={control}
                name={field.name}
                render={({ field: f }) => (
                  <ReferenceImages
                    control={withItems(wiring, itemErrors)}
                    field={field}
                    value={
                      Array.isArray(f.value) ? f.value.filter((v): v is string => typeof v === 'string') : []
                    }
                    onChange={f.onChange}
                    itemErrors={itemErrors}
                  />
                )}
              />
            )}
          </Field>
        );
      }
      return (
        <ListTextarea
          {...list}
          hint={t('create.fields.urlsHint')}
          toValue={(urls) => urls}
          toLines={(value) => (typeof value === 'string' ? value : null)}
        />
      );

    case 'image-roles':
      return (
        <ListTextarea
          {...list}
          hint={t('create.fields.imageRolesHint')}
          toValue={(lines) => lines.map(imageWithRole)}
          toLines={imageWithRoleLine}
        />
      );
  }
}
