// The shot editor's pieces: the cast chips put `@Name` in the prompt and take it out again, and say before
// sending which models get the pictures and which cannot (naming those that can); a name no member has is
// said; "continue from the shot before" is not offered on the first shot and cannot be turned on for a model
// that takes no first frame; a shot's progress comes from the newest run that sent it; and the board the page
// sends leaves out what a family cannot take.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CastMember } from '../../shared/studio/cast';
import type { BoardRun } from '../../shared/studio/saved-storyboard';
import type { StoryboardRun } from '../../shared/studio/storyboard';
import {
  blankBoard,
  blankShot,
  boardOf,
  type ShotDraft,
} from '../../renderer/features/storyboard/board-draft';
import { CastChips, toggleMention } from '../../renderer/features/storyboard/cast-chips';
import { ShotEditor } from '../../renderer/features/storyboard/shot-editor';
import { shotInRuns } from '../../renderer/features/storyboard/shot-progress';
import { renderWithStudio, serveBridge } from './render';

afterEach(() => vi.unstubAllGlobals());

const mia: CastMember = {
  id: 'm1',
  name: 'Mia',
  kind: 'character',
  references: ['studio-ref:' + 'a'.repeat(64)],
  updatedAt: 1,
};

function Chips({ family, initial }: { family: 'video.v1' | 'video.v2'; initial: string }): ReactElement {
  const [prompt, setPrompt] = useState(initial);
  return (
    <>
      <output data-testid="prompt">{prompt}</output>
      <CastChips family={family} prompt={prompt} cast={[mia]} onPrompt={setPrompt} idPrefix="t" />
    </>
  );
}

describe('the cast chips', () => {
  it('put @Name in the prompt and take it out again', async () => {
    serveBridge();
    renderWithStudio(<Chips family="video.v2" initial="close-up" />);
    const chip = screen.getByRole('button', { name: '@Mia' });
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(chip);
    expect(screen.getByTestId('prompt')).toHaveTextContent('close-up @Mia');
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('cast-note')).toHaveTextContent(
      'Video V2 (reference) gets the pictures of Mia as references.',
    );
    await userEvent.click(chip);
    expect(screen.getByTestId('prompt')).toHaveTextContent(/^close-up Mia$/);
    expect(screen.queryByTestId('cast-note')).toBeNull();
  });

  it('say a model takes no pictures, and which do; a name no member has is an error', () => {
    serveBridge();
    renderWithStudio(<Chips family="video.v1" initial="@Mia and @Tom walk" />);
    expect(screen.getByTestId('cast-note')).toHaveTextContent(
      /Video V1 takes no reference pictures: Mia is only named in the prompt\. Models that take them: Video V2 .*, Video S\./,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('No cast member is named @Tom');
  });

  it('toggleMention leaves other names alone', () => {
    expect(toggleMention('@Mia meets @Miana', 'Mia')).toBe('Mia meets @Miana');
    expect(toggleMention('', 'Mia')).toBe('@Mia ');
  });
});

describe('the shot editor', () => {
  const edit = (index: number, shot: ShotDraft) =>
    renderWithStudio(
      <ol>
        <ShotEditor
          index={index}
          count={3}
          shot={shot}
          cast={[mia]}
          models={{}}
          onChange={() => undefined}
          onMove={() => undefined}
          onRemove={() => undefined}
        />
      </ol>,
    );

  it('offers no "continue" on the first shot, and says why a model without first frames cannot', () => {
    serveBridge();
    const first = edit(0, blankShot({}, 'video.v1'));
    expect(screen.queryByRole('switch', { name: /Continue from the shot before/ })).toBeNull();
    first.unmount();
    edit(1, blankShot({}, 'video.v2'));
    const toggle = screen.getByRole('switch', { name: /Continue from the shot before/ });
    expect(toggle).toBeDisabled();
    expect(screen.getByText(/takes no first frame, so it cannot continue/)).toBeInTheDocument();
    // V2 takes no end frame either: no picker is offered for one.
    expect(screen.queryByText('End frame (optional)')).toBeNull();
  });
});

describe('a shot in the runs', () => {
  const run = (id: string, states: StoryboardRun['shots'][number]['state'][]): StoryboardRun => ({
    id,
    name: 'b',
    state: 'running',
    shots: states.map((state) => ({ state, taskId: null, itemId: null, firstFrame: null, error: null })),
    narration: [],
    music: null,
    cutItemId: null,
    editList: null,
    finalCutXml: null,
    error: null,
    notes: [],
    startedAt: 0,
  });

  it('is read from the newest run that sent it, whole or alone', () => {
    const runs: BoardRun[] = [
      { shot: 1, run: run('alone', ['failed']) },
      { shot: null, run: run('whole', ['completed', 'completed']) },
    ];
    expect(shotInRuns(runs, 1)?.run.id).toBe('alone');
    expect(shotInRuns(runs, 0)?.slot.state).toBe('completed');
    expect(shotInRuns(runs, 2)).toBeNull();
  });
});

describe('the board the page sends', () => {
  it('leaves out what a family cannot take, and a speech model while no shot has narration', () => {
    const draft = blankBoard({}, 'Dawn');
    const v2 = { ...blankShot({}, 'video.v2'), continuePrevious: true, endFrame: 'studio-ref:x' };
    const first = { ...(draft.shots[0] as ShotDraft), continuePrevious: true };
    const board = boardOf({ ...draft, shots: [first, v2] });
    expect(board.shots.map((s) => [s.continuePrevious, s.endFrame])).toEqual([
      [false, undefined],
      [false, undefined],
    ]);
    expect(board.narration).toBeUndefined();
    const spoken = boardOf({ ...draft, voice: ' nova ', shots: [{ ...first, narration: 'Hi.' }] });
    expect(spoken.narration).toEqual({ model: 'speech_model_id', voice: 'nova' });
  });
});
