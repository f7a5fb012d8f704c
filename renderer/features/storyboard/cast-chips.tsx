// The cast on a shot: a chip per member that puts `@Name` in the prompt (pressed again, takes it out), and, when
// the shot names someone, what its model does with their pictures: sent as references, or not sent because the
// model takes none (and which models do), so a creator knows before sending which shots keep the face.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FAMILY_LIST, type FamilyId } from '../../../shared/catalog';
import { castField, mentionsIn, type CastMember } from '../../../shared/studio/cast';
import { cx } from '../../ui/cx';

const mentionPattern = (name: string) => new RegExp(`@${name}(?![A-Za-z0-9_-])`, 'gi');

/** The prompt with `@Name` added at its end, or every mention of it taken out. */
export function toggleMention(prompt: string, name: string): string {
  const mentioned = mentionsIn(prompt).some((n) => n.toLowerCase() === name.toLowerCase());
  if (!mentioned) return prompt.trim() ? `${prompt.trimEnd()} @${name}` : `@${name} `;
  return prompt.replace(mentionPattern(name), name).replace(/\s{2,}/g, ' ');
}

/** The video families that take the cast's pictures. */
export const CAST_TAKERS: FamilyId[] = FAMILY_LIST.filter((f) => f.kind === 'video' && castField(f.id)).map(
  (f) => f.id,
);

export function CastChips({
  family,
  prompt,
  cast,
  onPrompt,
  idPrefix,
}: {
  family: FamilyId;
  prompt: string;
  cast: readonly CastMember[];
  onPrompt: (prompt: string) => void;
  idPrefix: string;
}): ReactElement | null {
  const { t } = useTranslation();
  if (cast.length === 0) return null;
  const named = mentionsIn(prompt).map((n) => n.toLowerCase());
  const inShot = cast.filter((m) => named.includes(m.name.toLowerCase()));
  const unknown = mentionsIn(prompt).filter(
    (n) => !cast.some((m) => m.name.toLowerCase() === n.toLowerCase()),
  );
  const takes = castField(family) !== undefined;
  const familyName = t(`create.families.${family}`);
  return (
    <div className="cast-chips">
      <span className="cast-chips-label" id={`${idPrefix}-cast`}>
        {t('storyboard.shot.cast')}
      </span>
      <div role="group" aria-labelledby={`${idPrefix}-cast`} className="chip-row">
        {cast.map((member) => {
          const on = named.includes(member.name.toLowerCase());
          return (
            <button
              key={member.id}
              type="button"
              className={cx('chip', on && 'is-on')}
              aria-pressed={on}
              onClick={() => onPrompt(toggleMention(prompt, member.name))}
            >
              @{member.name}
            </button>
          );
        })}
      </div>
      {inShot.length > 0 ? (
        <p className={cx('cast-note', !takes && 'is-warning')} data-testid="cast-note">
          {takes
            ? t('storyboard.shot.castSent', {
                names: inShot.map((m) => m.name).join(', '),
                family: familyName,
              })
            : t('storyboard.shot.castNotSent', {
                names: inShot.map((m) => m.name).join(', '),
                family: familyName,
                takers: CAST_TAKERS.map((f) => t(`create.families.${f}`)).join(', '),
              })}
        </p>
      ) : null}
      {unknown.length > 0 ? (
        <p className="field-error" role="alert">
          {t('storyboard.shot.castUnknown', { names: unknown.map((n) => `@${n}`).join(', ') })}
        </p>
      ) : null}
    </div>
  );
}
