// Settings › Agents: whether AI agents (Claude Desktop, Cursor, VS Code over MCP) may drive the studio, the
// optional loopback endpoint with its address and token, what one agent session may spend, and which agents
// connected, what they did and what they spent. The money rules are main's: this only shows and switches.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgentsPatch, AgentsView } from '../../../shared/bridge/agent-schemas';
import type { AgentSessionView } from '../../../shared/studio/agents';
import { moneyText } from '../../../shared/studio/money-text';
import { errorSentence } from '../../lib/bridge-error';
import { useStudioStore } from '../../store/studio-store';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Switch } from '../../ui/switch';
import { useAgents, useRotateAgentsToken, useUpdateAgents } from './api/agents';

function SessionCard({ session }: { session: AgentSessionView }): ReactElement {
  const { t } = useTranslation();
  const spent = moneyText(session.spent, session.unit);
  const cap = session.cap === null ? t('agents.noCap') : moneyText(session.cap, session.unit);
  const when = new Date(session.connectedAt).toLocaleTimeString();
  return (
    <li className="agent-session">
      <p className="agent-session-head">
        <strong>{session.client}</strong> {session.clientVersion}{' '}
        <span className="muted">
          {t(session.endedAt === null ? 'agents.connected' : 'agents.ended', {
            transport: session.transport,
            when,
          })}
        </span>
      </p>
      <p>{t('agents.spent', { spent, cap })}</p>
      {session.activity.length === 0 ? (
        <p className="muted">{t('agents.noCalls')}</p>
      ) : (
        <ul className="agent-activity" aria-label={t('agents.activityOf', { client: session.client })}>
          {session.activity.slice(0, 10).map((a) => (
            <li key={`${a.at}-${a.tool}`}>
              <code>{a.tool}</code> · {t(`agents.outcome.${a.outcome}`)}: {a.summary}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function EndpointForm({ view }: { view: AgentsView }): ReactElement {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const update = useUpdateAgents();
  const [port, setPort] = useState(String(view.settings.port));
  const [cap, setCap] = useState(view.settings.sessionCap === null ? '' : String(view.settings.sessionCap));
  const portValue = Number(port);
  const capValue = cap.trim() === '' ? null : Number(cap);
  const portError =
    !Number.isInteger(portValue) || portValue < 0 || portValue > 65535 ? t('agents.portInvalid') : undefined;
  const capError =
    capValue !== null && (!Number.isFinite(capValue) || capValue < 0) ? t('agents.capInvalid') : undefined;
  // A switch moves when pressed (set in the same event): while its change is being saved, it shows what was asked.
  const [asked, setAsked] = useState<AgentsPatch | null>(null);
  const enabled = asked?.enabled ?? view.settings.enabled;
  const save = async (patch: AgentsPatch) => {
    setAsked(patch);
    try {
      await update.mutateAsync(patch);
      pushToast('success', t('agents.saved'));
    } catch (error) {
      pushToast('error', errorSentence(error, t));
    } finally {
      setAsked(null);
    }
  };
  return (
    <div className="field-column">
      <Switch
        id="agents-enabled"
        label={t('agents.enabled')}
        hint={t('agents.enabledHint')}
        checked={enabled}
        onChange={(e) => void save({ enabled: e.currentTarget.checked })}
      />
      <Switch
        id="agents-endpoint"
        label={t('agents.endpoint')}
        hint={t('agents.endpointHint')}
        checked={asked?.endpoint ?? view.settings.endpoint}
        disabled={!enabled}
        onChange={(e) => void save({ endpoint: e.currentTarget.checked })}
      />
      <form
        className="settings-row"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!portError && !capError) void save({ port: portValue, sessionCap: capValue });
        }}
      >
        <Field id="agents-port" label={t('agents.port')} hint={t('agents.portHint')} error={portError}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="numeric"
              value={port}
              onChange={(e) => setPort(e.target.value)}
            />
          )}
        </Field>
        <Field id="agents-cap" label={t('agents.cap')} hint={t('agents.capHint')} error={capError}>
          {(control) => (
            <input
              {...control}
              className="input"
              inputMode="decimal"
              value={cap}
              onChange={(e) => setCap(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" busy={update.isPending}>
          {t('agents.save')}
        </Button>
      </form>
    </div>
  );
}

function RotateToken(): ReactElement {
  const { t } = useTranslation();
  const pushToast = useStudioStore((s) => s.pushToast);
  const rotate = useRotateAgentsToken();
  return (
    <Button
      busy={rotate.isPending}
      onClick={() =>
        rotate.mutate(undefined, {
          onSuccess: () => pushToast('success', t('agents.tokenRotated')),
          onError: (error) => pushToast('error', errorSentence(error, t)),
        })
      }
    >
      {t('agents.rotateToken')}
    </Button>
  );
}

export function AgentsSection(): ReactElement {
  const { t } = useTranslation();
  const agents = useAgents();
  const view = agents.data;
  return (
    <section className="card card-pad field-column" aria-labelledby="agents-title">
      <h2 className="card-title" id="agents-title">
        {t('agents.title')}
      </h2>
      <p className="muted">{t('agents.intro')}</p>
      {agents.isError ? <Alert>{errorSentence(agents.error, t)}</Alert> : null}
      {view ? (
        <>
          <EndpointForm view={view} />
          {view.endpoint.error ? <Alert>{view.endpoint.error}</Alert> : null}
          {view.endpoint.url && view.endpoint.token ? (
            <div className="field-column">
              <Field id="agents-url" label={t('agents.address')}>
                {(control) => (
                  <input {...control} className="input" readOnly value={view.endpoint.url ?? ''} />
                )}
              </Field>
              <Field id="agents-token" label={t('agents.token')} hint={t('agents.tokenHint')}>
                {(control) => (
                  <input {...control} className="input" readOnly value={view.endpoint.token ?? ''} />
                )}
              </Field>
              <RotateToken />
            </div>
          ) : null}
          <h3>{t('agents.sessions')}</h3>
          {view.sessions.length === 0 ? (
            <p className="muted">{t('agents.none')}</p>
          ) : (
            <ul className="agent-sessions">
              {view.sessions.map((s) => (
                <SessionCard key={s.id} session={s} />
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
