// Batch on Create: "Several prompts: one task per line" and how many takes of each. Shown for
// families with a prompt; what the press sends is built by batchRequests() from these two values.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Switch } from '../../ui/switch';
import './batch.css';
import { MAX_TAKES, type BatchSettings } from '../../../shared/studio/press';

export function BatchControls({
  value,
  onChange,
}: {
  value: BatchSettings;
  onChange: (next: BatchSettings) => void;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <div className="form-section switches card batch-controls" data-testid="batch-controls">
      <div className="field field-switch">
        <Switch
          id="batch-on"
          label={t('batch.perLine')}
          hint={value.on ? t('batch.hint', { takes: value.takes }) : undefined}
          checked={value.on}
          onChange={(e) => onChange({ ...value, on: e.target.checked })}
        />
      </div>
      {value.on ? (
        <div className="batch-takes">
          <label className="field-label" htmlFor="batch-takes">
            {t('batch.takes')}
          </label>
          <input
            id="batch-takes"
            className="input"
            type="number"
            min={1}
            max={MAX_TAKES}
            step={1}
            value={value.takes}
            onChange={(e) => {
              const n = Math.trunc(Number(e.target.value));
              onChange({ ...value, takes: Number.isFinite(n) ? Math.min(Math.max(n, 1), MAX_TAKES) : 1 });
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
