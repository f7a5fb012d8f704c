// "Make a recipe": the item's made-from chain as a recipe, saved at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bridge } from '../../../lib/bridge';

export function useMakeRecipe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { taskId: string; name: string }) =>
      bridge.recipes.save.mutate({ recipe: await bridge.recipes.fromTask.mutate(input) }),
    onSettled: () => client.invalidateQueries({ queryKey: ['recipes'] }),
  });
}
