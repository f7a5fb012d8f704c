// "As of 14:32": how old the figures are, and a refresh that waits for the gateway's cache. Identical
// usage queries are answered from a 60-second cache ([LIM-2], [EP-USAGE-3]) and polling more than once a
// minute is discouraged ([LIM-3]), so the button stays off, saying why, until new figures can exist.
import { useEffect, useId, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { USAGE_CACHE_MS } from '../../../shared/gateway/usage';
import { Button } from '../../ui/button';

export function UsageFreshness({
  asOf,
  tz,
  refreshing,
  onRefresh,
}: {
  asOf: number;
  tz: string;
  refreshing: boolean;
  onRefresh: () => void;
}): ReactElement {
  const { t, i18n } = useTranslation();
  const id = useId();
  const freshAt = asOf + USAGE_CACHE_MS;
  const [now, setNow] = useState(() => Date.now());
  // One timer to the moment the cache can have changed, not a tick every second.
  useEffect(() => {
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, freshAt - Date.now()) + 50);
    return () => window.clearTimeout(timer);
  }, [freshAt]);
  const time = (ms: number) =>
    new Intl.DateTimeFormat(i18n.language, { timeStyle: 'medium', timeZone: tz }).format(ms);
  const waiting = now < freshAt;
  return (
    <div className="usage-freshness">
      <span className="usage-asof" data-testid="usage-asof">
        {t('usage.asOf', { time: time(asOf) })}
      </span>
      <Button
        variant="secondary"
        busy={refreshing}
        disabled={waiting || refreshing}
        aria-describedby={waiting ? `${id}-why` : undefined}
        onClick={onRefresh}
      >
        {t('usage.refresh')}
      </Button>
      {waiting ? (
        <span className="usage-note" id={`${id}-why`}>
          {t('usage.refreshWait', { time: time(freshAt) })}
        </span>
      ) : null}
    </div>
  );
}
