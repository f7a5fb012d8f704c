// The bridge's handlers, one module per contract namespace, composed here. BridgeHandlers is derived from the
// contract, so a namespace missing from this object (or a procedure missing from its module) does not compile.
// Secrets are scrubbed once, over the whole composition, so a new namespace cannot forget it.
import type { BridgeHandlers } from '../../../shared/bridge/contract';
import { toBridgeItem } from '../library-view';
import { scrubbedHandlers } from '../scrub-secrets';
import { accountHandlers } from './account';
import { agentsHandlers } from './agents';
import { costsHandlers } from './costs';
import { desktopHandlers } from './desktop';
import { estimatesHandlers } from './estimates';
import { eventsHandler } from './events';
import { studioSecrets, type HostDeps, type ItemView } from './host-deps';
import { historyHandlers } from './history';
import { libraryHandlers } from './library';
import { presetsHandlers, stylesHandlers } from './presets';
import { pressHandlers } from './press';
import { queueHandlers } from './queue';
import { recipesHandlers } from './recipes';
import { referencesHandlers } from './references';
import { regionsHandlers } from './regions';
import { reuseHandlers } from './reuse';
import { secretsHandlers } from './secrets';
import { sessionHandlers } from './session';
import { settingsHandlers } from './settings';
import { sourcesHandlers } from './sources';
import { modelsHandlers } from './models';
import { speechHandlers } from './speech';
import { castHandlers, storyboardsHandlers } from './storyboards';
import { syncHandlers } from './sync';
import { spendingHandlers } from './spending';
import { tasksHandlers } from './tasks';
import { usageHandlers } from './usage';

export type { DesktopActions, HostDeps } from './host-deps';

export function composeHandlers(deps: HostDeps): BridgeHandlers {
  const item: ItemView = (i) => toBridgeItem(i, deps.core.libraryDir());
  const handlers: BridgeHandlers = {
    session: sessionHandlers(deps),
    secrets: secretsHandlers(deps),
    settings: settingsHandlers(deps),
    account: accountHandlers(deps),
    usage: usageHandlers(deps),
    estimates: estimatesHandlers(deps),
    spending: spendingHandlers(deps),
    costs: costsHandlers(deps),
    press: pressHandlers(deps),
    tasks: tasksHandlers(deps),
    queue: queueHandlers(deps),
    references: referencesHandlers(deps),
    library: libraryHandlers(deps, item),
    reuse: reuseHandlers(deps, item),
    regions: regionsHandlers(deps),
    history: historyHandlers(deps, item),
    presets: presetsHandlers(deps),
    styles: stylesHandlers(deps),
    recipes: recipesHandlers(deps),
    cast: castHandlers(deps),
    storyboards: storyboardsHandlers(deps),
    sources: sourcesHandlers(deps),
    models: modelsHandlers(deps),
    speech: speechHandlers(deps, item),
    desktop: desktopHandlers(deps),
    sync: syncHandlers(deps, item),
    agents: agentsHandlers(deps),
    events: eventsHandler(deps, item),
  };
  // Whatever the gateway, the core or a sync remote says, no key, password or passphrase leaves in an error.
  return scrubbedHandlers(handlers, () => studioSecrets(deps));
}
