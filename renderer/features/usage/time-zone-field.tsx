// The time zone, picked from every IANA zone the runtime knows: a text box with the list as suggestions, so
// typing "berl" finds Europe/Berlin and the keyboard picks it. Only a known zone is taken; anything else is
// said under the field and the page keeps the zone it had.
import { useId, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { timeZoneNames } from '../../../shared/studio/time-zones';
import { Field } from '../../ui/field';

export function TimeZoneField({
  value,
  system,
  onChange,
}: {
  value: string;
  system: string;
  onChange: (tz: string) => void;
}): ReactElement {
  const { t } = useTranslation();
  const id = useId();
  const zones = useMemo(() => timeZoneNames(), []);
  const byLowerCase = useMemo(() => new Map(zones.map((z) => [z.toLowerCase(), z])), [zones]);
  const [text, setText] = useState(value);
  const [touched, setTouched] = useState(false);
  const known = byLowerCase.get(text.trim().toLowerCase());
  const error = touched && !known ? t('usage.tzUnknown', { zone: text }) : undefined;
  const hint = t('usage.tzHint', { zone: system });

  const take = (raw: string) => {
    setText(raw);
    const zone = byLowerCase.get(raw.trim().toLowerCase());
    if (zone && zone !== value) onChange(zone);
  };

  return (
    <Field id={id} label={t('usage.tz')} hint={hint} error={error} className="usage-tz">
      {(control) => (
        <>
          <input
            {...control}
            className="input"
            list={`${id}-zones`}
            value={text}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setTouched(false);
              take(e.target.value);
            }}
            onBlur={() => {
              setTouched(true);
              if (known) setText(known);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setTouched(true);
              if (e.key === 'Escape') {
                setText(value);
                setTouched(false);
              }
            }}
          />
          <datalist id={`${id}-zones`}>
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}
