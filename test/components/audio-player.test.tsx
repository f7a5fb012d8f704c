// The audio player: ordinary formats play from their file; raw PCM ([EP-SPEECH-1]) is fetched, wrapped as WAV and
// played from a blob URL, with a line that says what the file is.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AudioPlayer } from '../../renderer/ui/audio-player';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AudioPlayer', () => {
  it('plays a WAV file straight from its address', () => {
    render(<AudioPlayer src="/media/speech/a.wav" mime="audio/wav" testId="player" />);
    expect(screen.getByTestId('player')).toHaveAttribute('src', '/media/speech/a.wav');
    expect(screen.queryByTestId('pcm-note')).toBeNull();
  });

  it('[EP-SPEECH-1] wraps raw PCM as 24 kHz 16-bit mono WAV and says so', async () => {
    const fetched = vi.fn(async () => new Response(new Uint8Array([0, 0, 1, 0])));
    vi.stubGlobal('fetch', fetched);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:studio/1';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    render(<AudioPlayer src="/media/speech/a.pcm" mime="audio/pcm" testId="player" />);
    await waitFor(() => expect(screen.getByTestId('player')).toHaveAttribute('src', 'blob:studio/1'));
    expect(fetched).toHaveBeenCalledWith('/media/speech/a.pcm');
    expect(blobs[0]?.type).toBe('audio/wav');
    expect(blobs[0]?.size).toBe(44 + 4);
    expect(screen.getByTestId('pcm-note')).toHaveTextContent('Raw PCM audio (24 kHz, 16-bit, 1 channel)');
  });

  it('says so when the PCM file cannot be fetched', async () => {
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }));
    render(<AudioPlayer src="/media/speech/b.pcm" mime="audio/pcm" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded for playing: HTTP 404');
  });
});
