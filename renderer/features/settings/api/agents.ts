// Settings › Agents: the agents' switch, the loopback endpoint and the session cap, and the sessions with what
// each agent did and spent. Read again every few seconds while the section is open: an agent acts without the
// page doing anything.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentsPatch } from '../../../../shared/bridge/agent-schemas';
import { bridge } from '../../../lib/bridge';

const AGENTS_KEY = ['agents'] as const;
/** How often the open section asks again: an agent's call shows within this. */
const AGENTS_REFRESH_MS = 3_000;

export function useAgents() {
  return useQuery({
    queryKey: AGENTS_KEY,
    queryFn: () => bridge.agents.view.query(),
    refetchInterval: AGENTS_REFRESH_MS,
  });
}

export function useUpdateAgents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: AgentsPatch) => bridge.agents.update.mutate(patch),
    onSuccess: (view) => client.setQueryData(AGENTS_KEY, view),
  });
}

export function useRotateAgentsToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => bridge.agents.rotateToken.mutate(),
    onSuccess: (view) => client.setQueryData(AGENTS_KEY, view),
  });
}
