// An on/off setting: a real checkbox (keyboard, forms, tests) drawn as a switch, with its label and hint.
import type { InputHTMLAttributes, ReactElement, Ref } from 'react';

export interface SwitchProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

export function Switch({ label, hint, id, ref, ...rest }: SwitchProps): ReactElement {
  return (
    <label className="switch-row" htmlFor={id}>
      <span className="switch-text">
        <span className="switch-label">{label}</span>
        {hint ? <span className="switch-hint">{hint}</span> : null}
      </span>
      <span className="switch">
        <input type="checkbox" role="switch" id={id} ref={ref} {...rest} />
        <span className="switch-track" aria-hidden="true">
          <span className="switch-thumb" />
        </span>
      </span>
    </label>
  );
}
