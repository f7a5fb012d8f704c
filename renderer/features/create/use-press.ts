// The press controller as a form holds it: its ports are the bridge's press.send mutation (so the caches it
// updates stay updated), the spending check, the question dialog the form renders, and the form's own press keys.
// The controller keeps no state of its own (the keys live as long as the form), so it is made afresh each render
// over the latest ports.
import type { ReactElement } from 'react';
import { checkSpending } from '../../lib/api/spending';
import { usePressKeys } from '../../lib/press-keys';
import { usePressSend } from './api/press-send';
import { PressController } from './press-controller';
import { useSpendQuestion } from '../../lib/spend-question';

export function usePress(): { controller: PressController; dialog: ReactElement | null } {
  const send = usePressSend();
  const keys = usePressKeys();
  const question = useSpendQuestion();
  const controller = new PressController({
    check: checkSpending,
    ask: question.decide,
    keys,
    send: send.mutateAsync,
  });
  return { controller, dialog: question.dialog };
}
