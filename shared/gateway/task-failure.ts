// What a task the gateway reported as failed is said as: the gateway's own message where it gave one, and a
// sentence of ours where its code or type says more than its words (a content-policy refusal as
// {code: 451, type: "policy"} and no message, as the real gateway sends it).
import { localErrorInfo } from './error-types';
import type { GatewayErrorInfo, TaskSnapshot } from './normalized';

/** The code a content-policy refusal is kept under, whatever the gateway called it. */
export const CONTENT_POLICY_CODE = 'content_policy';

/** 451 Unavailable For Legal Reasons, and the type words gateways use for a policy or moderation refusal. */
const POLICY_TYPE = /polic|moderat|content[\s_-]?filter|safety|nsfw|sensitive|censor|audit/i;

export function isPolicyRefusal(error: { code: string; type?: string }): boolean {
  return error.code.trim() === '451' || POLICY_TYPE.test(error.type ?? '');
}

export function taskFailureInfo(
  snapshot: Pick<TaskSnapshot, 'error' | 'linksWhileFailed'>,
): GatewayErrorInfo {
  const error = snapshot.error ?? { message: '', code: '', type: '' };
  const said = error.message.trim();
  const links = snapshot.linksWhileFailed ?? 0;
  const withLinks =
    links > 0
      ? ` It listed ${links} result ${links === 1 ? 'file' : 'files'} even so, and still did when asked again.`
      : '';
  if (isPolicyRefusal(error)) {
    const named = [error.code, error.type].filter((v) => v && v.trim() !== '').join(', ');
    return localErrorInfo(
      'task_failed',
      `The gateway refused this task under its content policy${named ? ` (${named})` : ''}` +
        `${said ? `: ${said}` : '.'}${withLinks}`,
      { code: CONTENT_POLICY_CODE },
    );
  }
  return localErrorInfo('task_failed', (said || 'The gateway reported the task as failed.') + withLinks, {
    code: error.code,
  });
}
