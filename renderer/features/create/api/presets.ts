// Create's presets and styles: lists, the changes that refresh them, files out and in, and the styles a task was
// sent with (kept with its row by the press, read back by Edit and run again).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FamilyId } from '../../../../shared/catalog/family-ids';
import type { PresetDraft, StyleDraft } from '../../../../shared/studio/presets';
import { bridge } from '../../../lib/bridge';
import { queryKeys } from '../../../lib/query-client';

const presetsKey = queryKeys.presets;
const stylesKey = queryKeys.styles;

export function usePresets() {
  return useQuery({ queryKey: presetsKey, queryFn: () => bridge.presets.list.query() });
}

export function useStyles() {
  return useQuery({ queryKey: stylesKey, queryFn: () => bridge.styles.list.query() });
}

export function useTaskStyles(taskId: string | null) {
  return useQuery({
    queryKey: ['task-styles', taskId],
    queryFn: () => bridge.styles.forTask.query({ taskId: taskId ?? '' }),
    enabled: taskId !== null,
  });
}

export function usePresetActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: presetsKey });
  return {
    save: useMutation({ mutationFn: (d: PresetDraft) => bridge.presets.save.mutate(d), onSettled: refresh }),
    update: useMutation({
      mutationFn: (input: {
        id: string;
        name?: string;
        family?: FamilyId;
        model?: string;
        params?: Record<string, unknown>;
      }) => bridge.presets.update.mutate(input),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => bridge.presets.delete.mutate({ id }),
      onSettled: refresh,
    }),
    exportFile: useMutation({
      mutationFn: (ids?: string[]) => bridge.presets.export.mutate(ids ? { ids } : undefined),
    }),
    importFile: useMutation({
      mutationFn: (text: string) => bridge.presets.import.mutate({ text }),
      onSettled: refresh,
    }),
  };
}

export function useStyleActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: stylesKey });
  return {
    save: useMutation({
      mutationFn: (input: { id?: string; style: StyleDraft }) => bridge.styles.save.mutate(input),
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => bridge.styles.delete.mutate({ id }),
      onSettled: refresh,
    }),
    exportFile: useMutation({ mutationFn: () => bridge.styles.export.mutate() }),
    importFile: useMutation({
      mutationFn: (text: string) => bridge.styles.import.mutate({ text }),
      onSettled: refresh,
    }),
  };
}
