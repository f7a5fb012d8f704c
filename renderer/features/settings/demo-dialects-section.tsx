// Settings › Demo gateway: what the demo gateway speaks beyond the spec. Each switch makes it answer as the real
// gateway is seen to in public clients (other status words, error bodies, a balance in CNY, links on another host,
// an upload endpoint, a model list…), for anyone who wants to see the app cope with it. Only offered while the
// demo gateway is the one in use.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../shared/bridge';
import {
  DEMO_DIALECTS,
  DEMO_SWITCHES,
  demoDialectSchema,
  type DemoDialect,
} from '../../../shared/studio/demo-dialects';
import { errorSentence } from '../../lib/bridge-error';
import { useUpdateSettings } from '../../lib/api/settings';
import { useStudioStore } from '../../store/studio-store';

const EVERY = demoDialectSchema.options;

export function DemoDialectsSection({ settings }: { settings: Settings }): ReactElement {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  const pushToast = useStudioStore((s) => s.pushToast);
  const on = new Set<DemoDialect>(settings.demoDialects);
  const toggle = (dialect: DemoDialect, checked: boolean) => {
    const next = EVERY.filter((d) => (d === dialect ? checked : on.has(d)));
    update.mutate(
      { demoDialects: next },
      { onError: (error) => pushToast('error', errorSentence(error, t)) },
    );
  };
  const group = (legend: string, names: readonly DemoDialect[]) => (
    <fieldset className="settings-checks">
      <legend className="muted">{legend}</legend>
      {names.map((dialect) => (
        <label key={dialect} className="settings-check">
          <input
            type="checkbox"
            checked={on.has(dialect)}
            disabled={update.isPending}
            onChange={(e) => toggle(dialect, e.target.checked)}
          />
          {t(`settings.demoDialects.names.${dialect}`)}
        </label>
      ))}
    </fieldset>
  );
  return (
    <section className="card card-pad field-column">
      <h2 className="card-title">{t('settings.demoDialects.title')}</h2>
      {group(t('settings.demoDialects.lead'), DEMO_DIALECTS)}
      {group(t('settings.demoDialects.switchesLead'), DEMO_SWITCHES)}
    </section>
  );
}
