// A speech take's waveform, drawn once from its audio in the renderer (Chromium decodes every format the gateway
// answers with but raw PCM; Node has no audio decoder) and stored as the item's thumbnail, as a video's poster
// frame is. From then on the tile shows a plain picture, so a 100k grid never decodes audio twice.
import { setDrawnPoster } from './api/tags';
import { peaks } from './wave-peaks';

/** Takes this window has drawn (or could not): each is tried once, whatever remounts. */
const wavesTried = new Set<string>();

const BARS = 64;
const WIDTH = 480;
const HEIGHT = 120;
/** A mid-tone that reads on the light and the dark tile alike (the picture is stored once, for both themes). */
const BAR_COLOUR = '#7c5cff';

function draw(levels: readonly number[]): string {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = BAR_COLOUR;
  const step = WIDTH / levels.length;
  levels.forEach((level, i) => {
    // A floor of 4 px keeps pauses visible as a line rather than a gap.
    const height = Math.max(4, level * (HEIGHT - 8));
    context.fillRect(i * step + step * 0.2, (HEIGHT - height) / 2, step * 0.6, height);
  });
  return canvas.toDataURL('image/webp', 0.9);
}

/**
 * Draws and stores the waveform of a take that has no picture yet. Failures (a format the browser cannot
 * decode, such as raw PCM; a file gone) leave the tile as it was: the first words still say what it is.
 */
export async function drawSpeechWave(itemId: string, fileSrc: string): Promise<void> {
  if (wavesTried.has(itemId)) return;
  wavesTried.add(itemId);
  try {
    const response = await fetch(fileSrc);
    if (!response.ok) return;
    const audio = await new OfflineAudioContext(1, 1, 22_050).decodeAudioData(await response.arrayBuffer());
    await setDrawnPoster(itemId, draw(peaks(audio.getChannelData(0), BARS)));
  } catch {
    // Undecodable or unreachable: the tile keeps its words.
  }
}
